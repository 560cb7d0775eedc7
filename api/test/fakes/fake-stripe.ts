// A local server speaking the parts of Stripe's API the app uses, with Stripe's documented JSON:
// form-encoded requests, Bearer secret key, Idempotency-Key replays, customers, SetupIntents,
// PaymentMethods (retrieve, attach, detach; the test cards pm_card_visa, pm_card_mastercard,
// pm_card_amex, pm_card_chargeDeclined, pm_card_authenticationRequired), PaymentIntents (create,
// confirm, retrieve), charges, refunds, disputes, errors as {error: {type, code, message, …}} and signed
// webhook events (Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")). A refund (through the API
// or "in the Dashboard") sends `charge.refunded` with the Charge; a chargeback (`dispute`) sends
// `charge.dispute.created` with the Dispute, both naming the charge and its PaymentIntent.
import { createHmac, randomBytes } from "node:crypto";
import { fakeId, startHttpFake, type FakeAnswer, type FakeRequest, type RunningFake } from "./http-fake";

type Json = Record<string, unknown>;

interface Card {
  brand: string;
  last4: string;
  behaviour: "succeeds" | "declined" | "authentication_required";
}

const TEST_CARDS: Record<string, Card> = {
  pm_card_visa: { brand: "visa", last4: "4242", behaviour: "succeeds" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", behaviour: "succeeds" },
  pm_card_amex: { brand: "amex", last4: "8431", behaviour: "succeeds" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", behaviour: "declined" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", behaviour: "authentication_required" },
};

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string; country: string };
  customer: string | null;
  billing_details: Json;
  metadata: Json;
  created: number;
  livemode: false;
  behaviour: Card["behaviour"];
}

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Json;
  payment_method: string | null;
  payment_method_types: string[];
  status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  latest_charge: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  created: number;
  livemode: false;
}

interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  billing_details: Json;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Json;
  outcome: Json;
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  receipt_url: string;
  refunded: boolean;
  status: "succeeded";
}

/** A signed event as Stripe POSTs it to the webhook endpoint. */
export interface StripeDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface FakeStripe extends RunningFake {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, PaymentIntent>;
  paymentMethods: Map<string, PaymentMethod>;
  refunds: Json[];
  charges: Map<string, Charge>;
  disputes: Map<string, Json>;
  /** Every event the fake sent (refunds through the API included), oldest first. */
  events: { type: string; delivery: StripeDelivery }[];
  /** A refund made in the Dashboard (the whole charge unless `amount`): `charge.refunded`. */
  refundInDashboard(intentId: string, amount?: number): StripeDelivery;
  /** The cardholder's bank disputes the charge (a chargeback): `charge.dispute.created`. */
  dispute(intentId: string, reason?: string): StripeDelivery;
  /** The next confirmation of a good card leaves the intent `processing` (a bank that confirms later). */
  processNextConfirmation(): void;
  /** What Stripe.js does in the page: confirm the intent with a card (test card id or a saved pm_…). */
  confirmInBrowser(intentId: string, card: string): PaymentIntent;
  /** The buyer passed 3-D Secure (requires_action → succeeded), or a processing payment settled. */
  succeed(intentId: string): PaymentIntent;
  /** Stripe will report this amount as received (to test a mismatch). */
  setAmountReceived(intentId: string, amount: number): void;
  /** A webhook delivery: the event body and its Stripe-Signature header (wrong unless signed with our secret). */
  webhookDelivery(type: string, object: unknown, options?: { forge?: boolean; previousAttributes?: Json }): StripeDelivery;
}

const seconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding: a[b][c]=v and a[0]=v into nested objects and arrays. */
export function parseForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = node[part] as Json;
    });
  }
  return result;
}

function stripeError(status: number, type: string, message: string, extra: Json = {}): FakeAnswer {
  return { status, body: { error: { type, message, request_log_url: "https://dashboard.stripe.com/test/logs/req_fake", ...extra } } };
}

const missing = (kind: string, id: string) =>
  stripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
    code: "resource_missing",
    param: "id",
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  });

/** The API's environment for a fake Stripe: its keys, address and webhook secret. */
export const stripeEnv = (stripe: FakeStripe) => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_API_BASE: stripe.url,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
});

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const publishableKey = `pk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: Json[] = [];
  const charges = new Map<string, Charge>();
  const disputes = new Map<string, Json>();
  const events: FakeStripe["events"] = [];
  const idempotent = new Map<string, FakeAnswer>();
  let processNext = false;

  const publicMethod = ({ behaviour: _behaviour, ...shown }: PaymentMethod) => shown;

  /** A test card id gives a fresh, unattached PaymentMethod (as the real test mode does); a pm_ id is looked up. */
  function methodFor(id: string): PaymentMethod | null {
    const template = TEST_CARDS[id];
    if (template) {
      const method: PaymentMethod = {
        id: template ? fakeId("pm_") : id,
        object: "payment_method",
        type: "card",
        card: {
          brand: template.brand,
          last4: template.last4,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
          funding: "credit",
          country: "US",
        },
        customer: null,
        billing_details: { address: null, email: null, name: null, phone: null },
        metadata: {},
        created: seconds(),
        livemode: false,
        behaviour: template.behaviour,
      };
      paymentMethods.set(method.id, method);
      return method;
    }
    return paymentMethods.get(id) ?? null;
  }

  function confirm(intent: PaymentIntent, methodId: string): FakeAnswer {
    const method = methodFor(methodId);
    if (!method) return missing("payment_method", methodId);
    if (intent.customer && method.customer && method.customer !== intent.customer) {
      return stripeError(
        400,
        "invalid_request_error",
        `The provided PaymentMethod ${method.id} belongs to a different Customer than the one on this PaymentIntent.`,
        { code: "payment_intent_invalid_parameter" },
      );
    }
    intent.payment_method = method.id;
    if (method.behaviour === "declined") {
      const charge = fakeId("ch_");
      intent.status = "requires_payment_method";
      intent.latest_charge = charge;
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        charge,
        payment_method: publicMethod(method),
      };
      return stripeError(402, "card_error", "Your card was declined.", {
        code: "card_declined",
        decline_code: "generic_decline",
        charge,
        payment_intent: { ...intent },
        payment_method: publicMethod(method),
        doc_url: "https://stripe.com/docs/error-codes/card-declined",
      });
    }
    if (method.behaviour === "authentication_required") {
      intent.status = "requires_action";
      intent.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "https://hooks.stripe.com/3d_secure_2/hosted" },
      };
      return { status: 200, body: { ...intent } };
    }
    if (processNext) {
      processNext = false;
      intent.status = "processing";
      return { status: 200, body: { ...intent } };
    }
    succeed(intent);
    return { status: 200, body: { ...intent } };
  }

  function succeed(intent: PaymentIntent): void {
    intent.status = "succeeded";
    intent.amount_received = intent.amount_received || intent.amount;
    const charge: Charge = {
      id: fakeId("ch_"),
      object: "charge",
      amount: intent.amount_received,
      amount_captured: intent.amount_received,
      amount_refunded: 0,
      balance_transaction: fakeId("txn_"),
      billing_details: { address: null, email: null, name: null, phone: null },
      captured: true,
      created: seconds(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: intent.metadata,
      outcome: {
        network_status: "approved_by_network",
        reason: null,
        risk_level: "normal",
        seller_message: "Payment complete.",
        type: "authorized",
      },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(12).toString("hex")}`,
      refunded: false,
      status: "succeeded",
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
  }

  function delivery(
    type: string,
    object: unknown,
    { forge = false, previousAttributes }: { forge?: boolean; previousAttributes?: Json } = {},
  ): StripeDelivery {
    const data = previousAttributes ? { object, previous_attributes: previousAttributes } : { object };
    const body = JSON.stringify({
      id: fakeId("evt_"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: seconds(),
      data,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const timestamp = seconds();
    const signature = createHmac("sha256", forge ? "whsec_forged" : webhookSecret)
      .update(`${timestamp}.${body}`)
      .digest("hex");
    return { body, headers: { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` } };
  }

  function send(type: string, object: unknown, previousAttributes?: Json): StripeDelivery {
    const sent = delivery(type, object, { previousAttributes });
    events.push({ type, delivery: sent });
    return sent;
  }

  /** A refund of the intent's charge: the Refund, and `charge.refunded` sent with the Charge as it is now. */
  function refund(intent: PaymentIntent, amount: number): Json {
    const charge = charges.get(intent.latest_charge ?? "")!;
    const before = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    const made = {
      id: fakeId("re_"),
      object: "refund",
      amount,
      balance_transaction: fakeId("txn_"),
      charge: charge.id,
      created: seconds(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: "succeeded",
    };
    refunds.push(made);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    send("charge.refunded", { ...charge }, before);
    return made;
  }

  function chargeOf(intentId: string): { intent: PaymentIntent; charge: Charge } {
    const intent = intents.get(intentId);
    const charge = intent ? charges.get(intent.latest_charge ?? "") : undefined;
    if (!intent || !charge) throw new Error(`fake Stripe: intent ${intentId} has no successful charge`);
    return { intent, charge };
  }

  function route(request: FakeRequest, params: Json): FakeAnswer {
    const { method } = request;
    const path = request.path.split("?")[0]!;
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: fakeId("cus_", 14),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: seconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (params.customer && !customers.has(String(params.customer))) return missing("customer", String(params.customer));
      const id = fakeId("seti_");
      const intent = {
        id,
        object: "setup_intent",
        client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        customer: params.customer ?? null,
        status: "requires_payment_method",
        usage: params.usage ?? "off_session",
        payment_method: null,
        payment_method_types: ["card"],
        metadata: params.metadata ?? {},
        created: seconds(),
        livemode: false,
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path);
    if (methodMatch) {
      const id = decodeURIComponent(methodMatch[1]!);
      if (method === "GET" && !methodMatch[2]) {
        const found = methodFor(id);
        return found ? { status: 200, body: publicMethod(found) } : missing("payment_method", id);
      }
      if (method === "POST" && methodMatch[2] === "/attach") {
        const found = methodFor(id);
        if (!found) return missing("payment_method", id);
        const customer = String(params.customer ?? "");
        if (!customers.has(customer)) return missing("customer", customer);
        if (found.customer && found.customer !== customer) {
          return stripeError(400, "invalid_request_error", "The payment method you provided has already been attached to a customer.", {
            code: "payment_method_unexpected_state",
          });
        }
        found.customer = customer;
        return { status: 200, body: publicMethod(found) };
      }
      if (method === "POST" && methodMatch[2] === "/detach") {
        const found = paymentMethods.get(id);
        if (!found) return missing("payment_method", id);
        if (!found.customer)
          return stripeError(
            400,
            "invalid_request_error",
            "The payment method you provided is not attached to a customer so detachment is impossible.",
            { code: "payment_method_unexpected_state" },
          );
        found.customer = null;
        return { status: 200, body: publicMethod(found) };
      }
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", {
          code: "amount_too_small",
          param: "amount",
        });
      if (params.customer && !customers.has(String(params.customer))) return missing("customer", String(params.customer));
      const id = fakeId("pi_");
      const intent: PaymentIntent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: String(params.currency ?? "usd"),
        customer: (params.customer as string | undefined) ?? null,
        description: (params.description as string | undefined) ?? null,
        metadata: (params.metadata as Json | undefined) ?? {},
        payment_method: null,
        payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ["card"],
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        created: seconds(),
        livemode: false,
      };
      intents.set(id, intent);
      if (params.payment_method && params.confirm === "true") return confirm(intent, String(params.payment_method));
      if (params.payment_method) intent.status = "requires_confirmation";
      return { status: 200, body: { ...intent } };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (intentMatch) {
      const intent = intents.get(decodeURIComponent(intentMatch[1]!));
      if (!intent) return missing("payment_intent", intentMatch[1]!);
      if (method === "GET" && !intentMatch[2]) return { status: 200, body: { ...intent } };
      if (method === "POST" && intentMatch[2]) return confirm(intent, String(params.payment_method ?? intent.payment_method ?? ""));
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(String(params.payment_intent ?? ""));
      if (!intent) return missing("payment_intent", String(params.payment_intent));
      if (intent.status !== "succeeded")
        return stripeError(400, "invalid_request_error", "This PaymentIntent does not have a successful charge to refund.", {
          code: "charge_not_refundable",
        });
      const charge = charges.get(intent.latest_charge ?? "")!;
      const amount = Number(params.amount ?? charge.amount - charge.amount_refunded);
      if (charge.refunded || amount > charge.amount - charge.amount_refunded) {
        return stripeError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, {
          code: "charge_already_refunded",
        });
      }
      return { status: 200, body: refund(intent, amount) };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const running = await startHttpFake((request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(
        401,
        "invalid_request_error",
        `Invalid API Key provided: ${(request.headers.authorization ?? "").slice(7, 15)}***`,
      );
    }
    const key = request.headers["idempotency-key"] as string | undefined;
    const replayKey = key ? `${request.method} ${request.path} ${key}` : null;
    if (replayKey && idempotent.has(replayKey)) return idempotent.get(replayKey)!;
    const answer = route(request, parseForm(request.body));
    if (replayKey && answer.status < 500) idempotent.set(replayKey, answer);
    return answer;
  }, options.port);

  return {
    ...running,
    secretKey,
    publishableKey,
    webhookSecret,
    intents,
    paymentMethods,
    refunds,
    charges,
    disputes,
    events,
    refundInDashboard(intentId, amount) {
      const { intent, charge } = chargeOf(intentId);
      refund(intent, amount ?? charge.amount - charge.amount_refunded);
      return events.at(-1)!.delivery;
    },
    dispute(intentId, reason = "fraudulent") {
      const { intent, charge } = chargeOf(intentId);
      charge.disputed = true;
      const created = seconds();
      const dispute = {
        id: fakeId("dp_"),
        object: "dispute",
        amount: charge.amount,
        balance_transactions: [
          {
            id: fakeId("txn_"),
            object: "balance_transaction",
            amount: -charge.amount,
            currency: charge.currency,
            description: `Chargeback withdrawal for ${charge.id}`,
            fee: 1500,
            net: -charge.amount - 1500,
            reporting_category: "dispute",
            status: "available",
            type: "adjustment",
            created,
          },
        ],
        charge: charge.id,
        created,
        currency: charge.currency,
        evidence: {
          customer_email_address: null,
          customer_name: null,
          product_description: null,
          receipt: null,
          refund_policy: null,
          uncategorized_text: null,
        },
        evidence_details: { due_by: created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: intent.id,
        reason,
        status: "needs_response",
      };
      disputes.set(dispute.id, dispute);
      return send("charge.dispute.created", dispute);
    },
    processNextConfirmation() {
      processNext = true;
    },
    confirmInBrowser(intentId, card) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
      confirm(intent, card);
      return { ...intent };
    },
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
      succeed(intent);
      return { ...intent };
    },
    setAmountReceived(intentId, amount) {
      intents.get(intentId)!.amount_received = amount;
    },
    webhookDelivery(type, object, options = {}) {
      return delivery(type, object, options);
    },
  };
}
