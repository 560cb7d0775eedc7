import { codeOfStatus, ERROR_CODES, type ErrorCode } from "@loop/rules/error-codes";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import { DomainError } from "../domain-error";
import { answerAfterBody, hasUnreadBody } from "./unread-body";

export interface HttpErrorOptions extends ErrorOptions {
  /** A more precise code than the status's generic one (it must carry the same status). */
  code?: ErrorCode;
  fields?: Record<string, string>;
}

/**
 * An error whose message is safe to show to the client, with its HTTP status: the routers' and the
 * HTTP middleware's refusals. Its code is the status's generic one unless given. Services throw
 * `DomainError` (a code, no status) instead.
 */
export class HttpError extends DomainError {
  readonly #status: number;
  constructor(status: number, message: string, options?: HttpErrorOptions) {
    super(options?.code ?? codeOfStatus(status), message, options);
    this.#status = status;
  }

  override get status(): number {
    return this.#status;
  }
}

/**
 * An HttpError class for a generic code: its status and default message are the code's
 * (rules/src/error-codes.ts); `instanceof` works as for any subclass.
 */
function httpErrorClass(code: ErrorCode) {
  const { status, message: defaultMessage } = ERROR_CODES[code];
  return class extends HttpError {
    constructor(message: string = defaultMessage, options?: HttpErrorOptions) {
      super(status, message, options);
    }
  };
}

export class BadRequest extends httpErrorClass("BAD_REQUEST") {}
export class Unauthorized extends httpErrorClass("UNAUTHORIZED") {}
export class Forbidden extends httpErrorClass("FORBIDDEN") {}
export class NotFound extends httpErrorClass("NOT_FOUND") {}
export class Conflict extends httpErrorClass("CONFLICT") {}
export class Gone extends httpErrorClass("GONE") {}
export class PayloadTooLarge extends httpErrorClass("PAYLOAD_TOO_LARGE") {}
export class Unprocessable extends httpErrorClass("UNPROCESSABLE") {}
export class TooManyRequests extends HttpError {
  /** Sent as Retry-After when known. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string = ERROR_CODES.RATE_LIMITED.message, options?: HttpErrorOptions & { retryAfterSeconds?: number }) {
    super(ERROR_CODES.RATE_LIMITED.status, message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
export class PaymentRequired extends httpErrorClass("PAYMENT_REQUIRED") {}
export class BadGateway extends httpErrorClass("UPSTREAM_FAILED") {}
export class ServiceUnavailable extends httpErrorClass("UNAVAILABLE") {}

/** Errors from Express' own middleware (body-parser, serve-static) carry a status, and a type. */
interface StatusError {
  status: number;
  type?: string;
}

function isStatusError(error: unknown): error is StatusError {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number";
}

/** The message of a refused input: its first issue's (docs/conventions.md#rules-and-messages). */
export function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}

/** Each failing path of a refused input (`"items.0.price"`; `""` for the whole value) with its first issue's message. */
export function issueFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

/** A refused input: VALIDATION_FAILED with the first issue's message (or the route's one text) and every failing field. */
export function validationError(error: ZodError, message?: string): BadRequest {
  return new BadRequest(message ?? firstIssue(error), { cause: error, code: "VALIDATION_FAILED", fields: issueFields(error) });
}

function toDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (isStatusError(error) && error.status >= 400 && error.status < 500) {
    if (error.type === "entity.parse.failed") return new DomainError("MALFORMED_JSON");
    if (error.type === "entity.too.large") return new PayloadTooLarge();
    if (error.status === 404) return new NotFound();
    return new HttpError(error.status, "Invalid request");
  }
  return null;
}

/** Unknown paths under /api answer JSON, not the SPA's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFound(`No route for ${req.method} ${req.originalUrl.split("?")[0]}`, { code: "ROUTE_NOT_FOUND" }));
};

/** The one place that turns failures into `{ message, code, fields? }` responses. */
export function errorHandler(log: (error: unknown) => void = console.error): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const refusal = toDomainError(error);
    if (!refusal || refusal.status >= 500) log(error);
    const status = refusal?.status ?? 500;
    if (refusal instanceof TooManyRequests && refusal.retryAfterSeconds !== undefined)
      res.set("Retry-After", String(refusal.retryAfterSeconds));
    const body = refusal?.answer() ?? new DomainError("INTERNAL").answer();
    // Refused before its body was read (an upload's 401, 403, 413, 429, …): see unread-body.ts.
    if (hasUnreadBody(req)) answerAfterBody(req, res, status, body);
    else res.status(status).json(body);
  };
}
