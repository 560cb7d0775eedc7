/** The Purchase dialog as a page opens it, with the toaster, its API calls answered by `routes` (tests only). */
import type { ClientConfig } from "@loop/rules/chains";
import type { DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { useState } from "react";
import { useUser } from "@/lib/auth";
import { ownedFormats } from "@/lib/loop-access";
import { makeClientConfig } from "@/testing/make-client-config";
import { OpenedByButton, renderWithApi } from "@/testing/render-with-api";
import { type ApiRoutes, json } from "@/testing/stub-api";
import { makeUser } from "@/testing/test-utils";
import { PurchaseDialog } from "../components/purchase-dialog";

/**
 * "Buy {title}" (enabled once the viewer is known) opens the dialog, mounted on first open like a
 * card's; the formats bought through it count as owned when it opens again.
 */
function PurchaseHarness({ loop }: { loop: PublicLoop }) {
  const { isLoading } = useUser();
  const [bought, setBought] = useState<readonly DeliveryFormat[]>([]);
  return (
    <OpenedByButton
      label={`Buy ${loop.title}`}
      disabled={isLoading}
      dialog={(open, onOpenChange) => (
        <PurchaseDialog
          loop={loop}
          ownedFormats={ownedFormats(loop.purchasedFormats, bought)}
          open={open}
          onOpenChange={onOpenChange}
          onPurchased={(purchase) => setBought((formats) => [...formats, purchase.format])}
        />
      )}
    />
  );
}

export function renderPurchase(loop: PublicLoop, routes: ApiRoutes) {
  return renderWithApi(<PurchaseHarness loop={loop} />, routes);
}

/**
 * For a signed-in viewer ("viewer-1", with an e-mail address) with no LOOP: GET /api/config answers
 * `makeClientConfig(config)`, and `routes` are answered on top.
 */
export function renderPurchaseForViewer(loop: PublicLoop, config: Partial<ClientConfig>, routes: ApiRoutes) {
  return renderPurchase(loop, {
    "GET /api/auth/user": () => json(makeUser({ id: "viewer-1", email: "viewer@example.com" })),
    "GET /api/config": () => json(makeClientConfig(config)),
    "GET /api/tokens/balance": () => json({ balance: "0.00000000", available: "0.00000000", held: "0.00000000" }),
    ...routes,
  });
}
