import express, { Router } from "express";
import type { RouterDeps } from "../../deps";
import { DomainError } from "../../domain-error";

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * /api/webhooks/*: called by PayPal and Stripe, not by browsers (no session, no Origin check).
 * Each proves itself by its signature; the body stays raw because Stripe signs its exact bytes.
 */
export function webhooksRouter(deps: RouterDeps): Router {
  const { paypal, cards } = deps;
  const router = Router();
  router.use(express.raw({ type: "*/*", limit: "1mb" }));
  router.post("/paypal", async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    let event: { event_type?: string; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(body) as typeof event;
    } catch {
      throw new DomainError("MALFORMED_JSON");
    }
    await paypal.handleWebhook(
      {
        authAlgo: header(req.headers["paypal-auth-algo"]),
        certUrl: header(req.headers["paypal-cert-url"]),
        transmissionId: header(req.headers["paypal-transmission-id"]),
        transmissionSig: header(req.headers["paypal-transmission-sig"]),
        transmissionTime: header(req.headers["paypal-transmission-time"]),
      },
      event,
    );
    res.json({ received: true });
  });
  router.post("/stripe", async (req, res) => {
    await cards.handleWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), header(req.headers["stripe-signature"]) || undefined);
    res.json({ received: true });
  });
  return router;
}
