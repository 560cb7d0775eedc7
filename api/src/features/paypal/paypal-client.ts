// PayPal's REST API (Orders v2, OAuth 2 client credentials, webhook verification), over fetch.
// The base URL is configuration: PayPal's sandbox or live API, or a local server speaking the same
// JSON in tests. Every write carries a PayPal-Request-Id, so a retried call is answered, not repeated.
import type { PaypalConfig } from "../../config";

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  /** COMPLETED | PENDING | DECLINED | REFUNDED | PARTIALLY_REFUNDED | FAILED */
  status: string;
  amount: PaypalAmount;
  custom_id?: string;
}

export interface PaypalOrderDetails {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: PaypalCapture[] };
  }[];
}

/** A 4xx/5xx answer: PayPal's error `name` and the first `details[].issue` (e.g. ORDER_ALREADY_CAPTURED). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
    this.name = "PaypalApiError";
  }
}

/** PayPal could not be reached (or answered something that is not its JSON). */
export class PaypalUnavailable extends Error {
  override readonly name = "PaypalUnavailable";
}

export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/** Tokens are renewed this long before PayPal says they expire. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export class PaypalClient {
  private token: CachedToken | null = null;

  constructor(
    private readonly config: PaypalConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** POST /v2/checkout/orders: one purchase unit of `value` USD, its custom_id our checkout id. */
  createOrder(input: { checkoutId: string; value: string; description: string }): Promise<PaypalOrderDetails> {
    return this.request<PaypalOrderDetails>("POST", "/v2/checkout/orders", {
      requestId: `order-${input.checkoutId}`,
      body: {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: input.checkoutId,
            custom_id: input.checkoutId,
            description: input.description.slice(0, 127),
            amount: { currency_code: "USD", value: input.value },
          },
        ],
      },
    });
  }

  getOrder(orderId: string): Promise<PaypalOrderDetails> {
    return this.request<PaypalOrderDetails>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  /** POST /v2/checkout/orders/{id}/capture (the same request id for every retry of one checkout). */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrderDetails> {
    return this.request<PaypalOrderDetails>("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId, body: {} });
  }

  /** POST /v2/payments/captures/{id}/refund: the whole capture. */
  refundCapture(captureId: string, requestId: string): Promise<{ id: string; status: string }> {
    return this.request("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, { requestId, body: {} });
  }

  /** POST /v1/identity/generate-token: the client token the JS SDK may use. */
  async generateClientToken(): Promise<string> {
    const answer = await this.request<{ client_token: string }>("POST", "/v1/identity/generate-token", { body: {} });
    return answer.client_token;
  }

  /** POST /v1/notifications/verify-webhook-signature: PayPal checks the signature of a delivery. */
  async verifyWebhookSignature(webhookId: string, headers: WebhookHeaders, event: unknown): Promise<boolean> {
    const answer = await this.request<{ verification_status: string }>("POST", "/v1/notifications/verify-webhook-signature", {
      body: {
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      },
    });
    return answer.verification_status === "SUCCESS";
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const credentials = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const response = await this.send(new URL("/v1/oauth2/token", this.config.apiBase), {
      method: "POST",
      headers: { Authorization: `Basic ${credentials}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    const body = (await this.json(response)) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!response.ok || !body.access_token) {
      throw new PaypalApiError(
        response.status,
        "AUTHENTICATION_FAILURE",
        null,
        body.error_description ?? "PayPal refused the API credentials",
      );
    }
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS };
    return this.token.value;
  }

  private async request<T>(method: "GET" | "POST", path: string, options: { requestId?: string; body?: unknown } = {}): Promise<T> {
    const call = async () =>
      this.send(new URL(path, this.config.apiBase), {
        method,
        headers: {
          Authorization: `Bearer ${await this.accessToken()}`,
          Accept: "application/json",
          Prefer: "return=representation",
          ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(options.requestId ? { "PayPal-Request-Id": options.requestId } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    let response = await call();
    if (response.status === 401) {
      // The token was revoked or expired early: one new token, one retry.
      this.token = null;
      response = await call();
    }
    const body = (await this.json(response)) as T & {
      name?: string;
      message?: string;
      details?: { issue?: string; description?: string }[];
    };
    if (!response.ok) {
      const detail = body.details?.[0];
      throw new PaypalApiError(
        response.status,
        body.name ?? `HTTP_${response.status}`,
        detail?.issue ?? null,
        detail?.description ?? body.message ?? `PayPal answered ${response.status}`,
      );
    }
    return body;
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalUnavailable(`PayPal could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async json(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new PaypalUnavailable(`PayPal answered ${response.status} with a body that is not JSON`);
    }
  }
}

/** The capture of an order (one purchase unit, one capture), if any. */
export function captureOf(order: PaypalOrderDetails): PaypalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
}
