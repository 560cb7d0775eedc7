/**
 * The API client (docs/product.md#api): every call sends cookies; a non-ok response throws an error whose
 * message is `${status}: ${body text or status text}`. Every API call of the page goes through
 * `apiJson` (or `apiRequest` when the answer has no body), from one file per call in
 * `features/<feature>/api/` or `lib/get-*.ts`.
 */
import type { ErrorCode } from "@loop/rules/error-codes";

/**
 * A non-ok API response. `message` keeps the spec's `${status}: ${text}` format; `code` and `fields`
 * come from the answer's `{ message, code, fields? }` (rules/src/error-codes.ts): the app decides by
 * `code`, never by the text.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The answer's code; null when it has none (not JSON, another server, an older API). */
  readonly code: ErrorCode | null;
  /** Each refused field's path (`"username"`, `"items.0.price"`) and its message. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    const answer = parseAnswer(bodyText);
    this.code = isCodeShaped(answer?.code) ? answer.code : null;
    this.fields = isFields(answer?.fields) ? answer.fields : {};
  }
}

function parseAnswer(bodyText: string): { code?: unknown; fields?: unknown } | null {
  if (!bodyText.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return parsed && typeof parsed === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A code's shape (`LOOP_NOT_FOUND`). The list itself (rules/src/error-codes.ts, with every message)
 * stays off the first page: a code this build does not know, from a newer API, matches no branch.
 */
function isCodeShaped(value: unknown): value is ErrorCode {
  return typeof value === "string" && /^[A-Z][A-Z0-9_]*$/.test(value);
}

function isFields(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((text) => typeof text === "string");
}

/** The code of an API error, or null (another error, or an answer without one). */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The refused fields of an API error (empty when none). */
export function errorFields(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}

/** Throws an ApiError for a non-ok response; returns the response otherwise. */
export async function throwIfResNotOk(res: Response): Promise<Response> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
  return res;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  /** Cancels the request: a query passes the `signal` TanStack Query gives its queryFn. */
  signal?: AbortSignal;
  /** Extra request headers (e.g. a money call's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Sends a request with credentials; JSON body when `data` is given. Throws on non-ok responses. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown, options: RequestOptions = {}): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    signal: options.signal,
    headers: {
      Accept: "application/json",
      ...(data === undefined ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  return throwIfResNotOk(res);
}

/** `apiRequest` that parses the JSON body. A query's GET: `apiJson<T>("GET", path, undefined, { signal })`. */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  return (await res.json()) as T;
}

/** A call of one API path whose input is the JSON body: `jsonCall<Body, Answer>("POST", "/api/…")` → `(body) => Promise<Answer>`. */
export function jsonCall<TBody, T>(method: HttpMethod, url: string): (body: TBody) => Promise<T> {
  return (body) => apiJson<T>(method, url, body);
}

/** `path?name=value&…` with the values trimmed; undefined and empty values are left out (no `?` when none is left). */
export function withSearchParams(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text !== "") query.set(name, text);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The HTTP status of an API error (from ApiError or a `${status}: …` message), or null. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The server's `message` from an API error (`{message}` JSON body, or a plain-text body),
 * for toasts. Falls back to `fallback` when the error carries no server text.
 */
export function getServerMessage(error: unknown, fallback: string): string {
  let body: string | null = null;
  if (error instanceof ApiError) body = error.bodyText;
  else if (error instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
    if (match) body = match[1] ?? null;
  }
  if (!body) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string" && parsed.message) {
      return parsed.message;
    }
    return fallback;
  } catch {
    // A short plain-text body is shown as is; an HTML error page is not.
    return body.length <= 200 && !body.trimStart().startsWith("<") ? body : fallback;
  }
}
