// A local server speaking the parts of PayPal's REST API the app uses, with PayPal's documented JSON:
// OAuth 2 client credentials (/v1/oauth2/token), Orders v2 (create, show, capture), capture refunds,
// client tokens and webhook signature verification; errors as PayPal sends them
// ({name, message, debug_id, details: [{issue, description}]}). Tests steer what the buyer does in
// PayPal's window (approve) and how the capture ends (completed, pending review, declined), and
// what happens after: a refund (PAYMENT.CAPTURE.REFUNDED) or a reversal (PAYMENT.CAPTURE.REVERSED, a
// chargeback), each sent as PayPal's webhook event with a refund resource whose `up` link is the capture.
import { createHmac, randomBytes } from "node:crypto";
import { fakeId, startHttpFake, type FakeAnswer, type FakeRequest, type RunningFake } from "./http-fake";

export type CaptureOutcome = "COMPLETED" | "PENDING" | "DECLINED" | "INSTRUMENT_DECLINED";

interface Amount {
  currency_code: string;
  value: string;
}

interface Order {
  id: string;
  intent: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchase_units: { reference_id?: string; custom_id?: string; description?: string; amount: Amount; payments?: { captures: Capture[] } }[];
  create_time: string;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  captureOutcome: CaptureOutcome;
  /** What PayPal would report as captured (a test may make it differ from the order). */
  capturedAmount?: Amount;
  captureRequestId?: string;
}

interface Capture {
  id: string;
  status: string;
  status_details?: { reason: string };
  amount: Amount;
  final_capture: boolean;
  custom_id?: string;
  seller_protection: { status: string };
  create_time: string;
  update_time: string;
}

export interface FakePaypal extends RunningFake {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, Order>;
  /** The buyer approves the order in PayPal's window; `outcome` is how the capture will end. */
  approve(orderId: string, outcome?: CaptureOutcome): void;
  /** The amount PayPal will say was captured for this order (to test a mismatch). */
  setCapturedAmount(orderId: string, amount: Amount): void;
  /** A capture held for review completes (what PayPal then reports by webhook). */
  completePendingCapture(orderId: string): void;
  /** A webhook delivery as PayPal sends it: headers and the JSON body, signed unless `forge`. */
  webhookDelivery(eventType: string, resource: Record<string, unknown>, options?: { forge?: boolean }): PaypalDelivery;
  refunds: { captureId: string; requestId: string | undefined }[];
  /** Every refund and reversal event the fake sent (refunds through the API included), oldest first. */
  events: { type: string; delivery: PaypalDelivery }[];
  /** A refund made in PayPal's account pages (the whole capture unless `value`): PAYMENT.CAPTURE.REFUNDED. */
  refundInDashboard(orderId: string, value?: string): PaypalDelivery;
  /** PayPal takes the capture back (the buyer's chargeback or a reversal): PAYMENT.CAPTURE.REVERSED. */
  reverse(orderId: string): PaypalDelivery;
}

/** A webhook event as PayPal POSTs it. */
export interface PaypalDelivery {
  headers: Record<string, string>;
  body: string;
}

const now = () => new Date().toISOString();

function error(status: number, name: string, message: string, issue?: string, description?: string): FakeAnswer {
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString("hex"),
      ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    },
  };
}

const notFound = () =>
  error(
    404,
    "RESOURCE_NOT_FOUND",
    "The specified resource does not exist.",
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist. Please check the resource ID and try again.",
  );

function publicOrder(order: Order, baseUrl: string) {
  const { captureOutcome: _outcome, capturedAmount: _captured, captureRequestId: _requestId, ...shown } = order;
  return {
    ...shown,
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "CREATED"
        ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }]
        : []),
      ...(order.status === "APPROVED"
        ? [{ href: `${baseUrl}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" }]
        : []),
    ],
  };
}

/** The API's environment for a fake PayPal: its client, address and webhook id. */
export const paypalEnv = (paypal: FakePaypal) => ({
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_API_BASE: paypal.url,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
});

export async function startFakePaypal(options: { port?: number } = {}): Promise<FakePaypal> {
  const clientId = `fake-client-${randomBytes(4).toString("hex")}`;
  const clientSecret = randomBytes(16).toString("hex");
  const webhookId = fakeId("WH-", 17);
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const ordersByRequestId = new Map<string, string>();
  const refunds: FakePaypal["refunds"] = [];
  const events: FakePaypal["events"] = [];
  /** Cents refunded so far, per capture. */
  const refundedCents = new Map<string, number>();
  let baseUrl = "";

  const signature = (transmissionId: string, time: string, body: string) =>
    createHmac("sha256", signingKey).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest("base64");

  function authorized(request: FakeRequest): boolean {
    const auth = request.headers.authorization ?? "";
    return auth.startsWith("Bearer ") && tokens.has(auth.slice(7));
  }

  function json(request: FakeRequest): Record<string, unknown> | null {
    try {
      return request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    } catch {
      return null;
    }
  }

  function createOrder(request: FakeRequest): FakeAnswer {
    const body = json(request);
    if (!body)
      return error(
        400,
        "INVALID_REQUEST",
        "Request is not well-formed, syntactically incorrect, or violates schema.",
        "MALFORMED_REQUEST_JSON",
      );
    const requestId = request.headers["paypal-request-id"] as string | undefined;
    const known = requestId ? ordersByRequestId.get(requestId) : undefined;
    if (known) return { status: 200, body: publicOrder(orders.get(known)!, baseUrl) };
    const units = body.purchase_units as Order["purchase_units"] | undefined;
    if (body.intent !== "CAPTURE" && body.intent !== "AUTHORIZE")
      return error(
        400,
        "INVALID_REQUEST",
        "Request is not well-formed, syntactically incorrect, or violates schema.",
        "INVALID_PARAMETER_VALUE",
        "intent",
      );
    const amount = units?.[0]?.amount;
    if (!amount || !/^\d+(\.\d{2})?$/.test(amount.value ?? "") || !amount.currency_code) {
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        "INVALID_PARAMETER_VALUE",
        "purchase_units[0].amount",
      );
    }
    const order: Order = {
      id: fakeId("", 17),
      intent: body.intent as string,
      status: "CREATED",
      purchase_units: units!,
      create_time: now(),
      captureOutcome: "COMPLETED",
    };
    orders.set(order.id, order);
    if (requestId) ordersByRequestId.set(requestId, order.id);
    return { status: 201, body: publicOrder(order, baseUrl) };
  }

  function capture(order: Order, request: FakeRequest): FakeAnswer {
    const requestId = request.headers["paypal-request-id"] as string | undefined;
    if (order.status === "COMPLETED") {
      // The same PayPal-Request-Id is answered with the first answer; another is refused.
      if (requestId && requestId === order.captureRequestId) return { status: 201, body: publicOrder(order, baseUrl) };
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        "ORDER_ALREADY_CAPTURED",
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== "APPROVED") {
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (order.captureOutcome === "INSTRUMENT_DECLINED") {
      return error(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        "INSTRUMENT_DECLINED",
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const unit = order.purchase_units[0]!;
    const capture: Capture = {
      id: fakeId("", 17),
      status: order.captureOutcome,
      ...(order.captureOutcome === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
      amount: order.capturedAmount ?? unit.amount,
      final_capture: true,
      custom_id: unit.custom_id,
      seller_protection: { status: "ELIGIBLE" },
      create_time: now(),
      update_time: now(),
    };
    unit.payments = { captures: [capture] };
    order.status = "COMPLETED";
    order.captureRequestId = requestId;
    return { status: 201, body: publicOrder(order, baseUrl) };
  }

  const cents = (value: string) => Math.round(Number(value) * 100);
  const usd = (amount: number) => (amount / 100).toFixed(2);

  function delivery(eventType: string, resource: Record<string, unknown>, forge = false): PaypalDelivery {
    const id = fakeId("WH-", 20);
    const refundLike = eventType === "PAYMENT.CAPTURE.REFUNDED" || eventType === "PAYMENT.CAPTURE.REVERSED";
    const amount = resource.amount as Amount | undefined;
    const event = {
      id,
      event_version: "1.0",
      create_time: now(),
      resource_type: eventType.startsWith("CHECKOUT") ? "checkout-order" : refundLike ? "refund" : "capture",
      resource_version: "2.0",
      event_type: eventType,
      summary:
        eventType === "PAYMENT.CAPTURE.REVERSED" && amount
          ? `A $ ${amount.value} ${amount.currency_code} capture payment was reversed`
          : eventType === "PAYMENT.CAPTURE.REFUNDED" && amount
            ? `A $ ${amount.value} ${amount.currency_code} capture payment was refunded`
            : eventType,
      resource,
      links: [
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
      ],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomBytes(16).toString("hex");
    const time = now();
    const sig = forge ? randomBytes(32).toString("base64") : signature(transmissionId, time, JSON.stringify(JSON.parse(body)));
    return {
      body,
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-sig": sig,
        "paypal-transmission-time": time,
      },
    };
  }

  /**
   * A refund of `value` (the rest of the capture by default) and its event: PayPal's refund resource
   * (Payments v2), whose `up` link names the capture; a reversal is a refund PayPal makes itself.
   */
  function refund(
    captured: Capture,
    eventType: "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED",
    value?: string,
  ): Record<string, unknown> {
    const total = cents(captured.amount.value);
    const before = refundedCents.get(captured.id) ?? 0;
    const amount = value === undefined ? total - before : cents(value);
    refundedCents.set(captured.id, before + amount);
    // The v2 capture status has no "reversed": a reversed capture reads REFUNDED.
    captured.status = before + amount >= total ? "REFUNDED" : "PARTIALLY_REFUNDED";
    captured.update_time = now();
    const currency = captured.amount.currency_code;
    const id = fakeId("", 17);
    const resource = {
      id,
      amount: { currency_code: currency, value: usd(amount) },
      ...(eventType === "PAYMENT.CAPTURE.REVERSED" ? { note_to_payer: "Payment reversed" } : {}),
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: usd(amount) },
        paypal_fee: { currency_code: currency, value: "0.00" },
        net_amount: { currency_code: currency, value: usd(amount) },
        total_refunded_amount: { currency_code: currency, value: usd(before + amount) },
      },
      ...(captured.custom_id ? { custom_id: captured.custom_id } : {}),
      status: "COMPLETED",
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captured.id}`, rel: "up", method: "GET" },
      ],
    };
    events.push({ type: eventType, delivery: delivery(eventType, resource) });
    return resource;
  }

  function captureOf(orderId: string): Capture {
    const captured = orders.get(orderId)?.purchase_units[0]?.payments?.captures[0];
    if (!captured || (captured.status !== "COMPLETED" && captured.status !== "PARTIALLY_REFUNDED"))
      throw new Error(`fake PayPal: order ${orderId} has no completed capture`);
    return captured;
  }

  const running = await startHttpFake((request) => {
    const { method } = request;
    const path = request.path.split("?")[0]!;
    if (method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected)
        return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
      if (!new URLSearchParams(request.body).get("grant_type"))
        return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } };
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: token,
          token_type: "Bearer",
          app_id: "APP-80W284485P519543T",
          expires_in: 32400,
          nonce: `${now()}${randomBytes(8).toString("hex")}`,
        },
      };
    }
    if (!authorized(request))
      return { status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } };

    if (method === "POST" && path === "/v2/checkout/orders") return createOrder(request);
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return notFound();
      if (method === "GET" && !orderMatch[2]) return { status: 200, body: publicOrder(order, baseUrl) };
      if (method === "POST" && orderMatch[2]) return capture(order, request);
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && refundMatch) {
      const captureId = decodeURIComponent(refundMatch[1]!);
      const owner = [...orders.values()].find((order) => order.purchase_units[0]?.payments?.captures[0]?.id === captureId);
      if (!owner) return notFound();
      const captured = owner.purchase_units[0]!.payments!.captures[0]!;
      if (captured.status === "REFUNDED") {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          "The requested action could not be performed, semantically incorrect, or failed business validation.",
          "CAPTURE_FULLY_REFUNDED",
          "The capture has already been fully refunded.",
        );
      }
      refunds.push({ captureId, requestId: request.headers["paypal-request-id"] as string | undefined });
      const made = refund(captured, "PAYMENT.CAPTURE.REFUNDED");
      return { status: 201, body: made };
    }
    if (method === "POST" && path === "/v1/identity/generate-token") {
      return { status: 200, body: { client_token: randomBytes(32).toString("base64"), expires_in: 3600 } };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const body = json(request) ?? {};
      const required = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id", "webhook_event"];
      const missing = required.find((field) => !body[field]);
      if (missing) return error(400, "VALIDATION_ERROR", "Invalid request - see details", "MISSING_REQUIRED_FIELD", missing);
      const expected = signature(String(body.transmission_id), String(body.transmission_time), JSON.stringify(body.webhook_event));
      const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
      return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
    }
    return notFound();
  }, options.port);
  baseUrl = running.url;

  return {
    ...running,
    clientId,
    clientSecret,
    webhookId,
    orders,
    refunds,
    events,
    refundInDashboard(orderId, value) {
      refund(captureOf(orderId), "PAYMENT.CAPTURE.REFUNDED", value);
      return events.at(-1)!.delivery;
    },
    reverse(orderId) {
      refund(captureOf(orderId), "PAYMENT.CAPTURE.REVERSED");
      return events.at(-1)!.delivery;
    },
    approve(orderId, outcome = "COMPLETED") {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
      order.status = "APPROVED";
      order.captureOutcome = outcome;
      order.payer = { payer_id: "QYR5Z8XDVJNXQ", email_address: "buyer@example.com", name: { given_name: "John", surname: "Doe" } };
    },
    setCapturedAmount(orderId, amount) {
      orders.get(orderId)!.capturedAmount = amount;
    },
    completePendingCapture(orderId) {
      const captured = orders.get(orderId)?.purchase_units[0]?.payments?.captures[0];
      if (!captured) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      captured.status = "COMPLETED";
      delete captured.status_details;
    },
    webhookDelivery(eventType, resource, { forge = false } = {}) {
      return delivery(eventType, resource, forge);
    },
  };
}
