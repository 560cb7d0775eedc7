import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import { answerAfterBody, hasUnreadBody } from "./unread-body";

/** An error whose message is safe to show to the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** An HttpError class with a fixed status and a default message; `instanceof` works as for any subclass. */
function httpErrorClass(status: number, defaultMessage: string) {
  return class extends HttpError {
    constructor(message = defaultMessage, options?: ErrorOptions) {
      super(status, message, options);
    }
  };
}

export class BadRequest extends httpErrorClass(400, "Bad request") {}
export class Unauthorized extends httpErrorClass(401, "Unauthorized") {}
export class Forbidden extends httpErrorClass(403, "Forbidden") {}
export class NotFound extends httpErrorClass(404, "Not found") {}
export class Conflict extends httpErrorClass(409, "Conflict") {}
export class Gone extends httpErrorClass(410, "Gone") {}
export class PayloadTooLarge extends httpErrorClass(413, "Request body is too large") {}
export class Unprocessable extends httpErrorClass(422, "Unprocessable request") {}
export class TooManyRequests extends HttpError {
  /** Sent as Retry-After when known. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message = "Too many requests, please try again later.", options?: ErrorOptions & { retryAfterSeconds?: number }) {
    super(429, message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
export class PaymentRequired extends httpErrorClass(402, "Payment required") {}
export class BadGateway extends httpErrorClass(502, "An upstream service failed, please try again later.") {}
export class ServiceUnavailable extends httpErrorClass(503, "Service unavailable, please try again later.") {}

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

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return new BadRequest(firstIssue(error));
  if (isStatusError(error) && error.status >= 400 && error.status < 500) {
    if (error.type === "entity.parse.failed") return new BadRequest("Malformed JSON in request body");
    if (error.type === "entity.too.large") return new PayloadTooLarge();
    if (error.status === 404) return new NotFound();
    return new HttpError(error.status, "Invalid request");
  }
  return null;
}

/** Unknown paths under /api answer JSON, not the SPA's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFound(`No route for ${req.method} ${req.originalUrl.split("?")[0]}`));
};

/** The one place that turns failures into `{ message }` responses. */
export function errorHandler(log: (error: unknown) => void = console.error): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const httpError = toHttpError(error);
    if (!httpError || httpError.status >= 500) log(error);
    const status = httpError?.status ?? 500;
    if (httpError instanceof TooManyRequests && httpError.retryAfterSeconds !== undefined)
      res.set("Retry-After", String(httpError.retryAfterSeconds));
    const body = { message: httpError?.message ?? "Internal server error" };
    // Refused before its body was read (an upload's 401, 403, 413, 429, …): see unread-body.ts.
    if (hasUnreadBody(req)) answerAfterBody(req, res, status, body);
    else res.status(status).json(body);
  };
}
