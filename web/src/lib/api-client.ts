/**
 * The API client (docs/product.md#api): every call sends cookies; a non-ok response throws an error whose
 * message is `${status}: ${body text or status text}`. Every API call of the page goes through
 * `apiJson` (or `apiRequest` when the answer has no body), from one file per call in
 * `features/<feature>/api/` or `lib/get-*.ts`.
 */

/** A non-ok API response. `message` keeps the spec's `${status}: ${text}` format. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
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
