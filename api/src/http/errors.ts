import { codeOfStatus } from "@loop/rules/error-codes";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import { DomainError } from "../domain-error";
import { answerAfterBody, hasUnreadBody } from "./unread-body";

/**
 * Express' own refusal of a request (body-parser, serve-static: a status of theirs that no precise
 * code names): the status's generic code, with that status. Everything else the API refuses is a
 * `DomainError` with its own code (docs/conventions.md#errors).
 */
export class HttpError extends DomainError {
  readonly #status: number;
  constructor(status: number, options?: ErrorOptions) {
    super(codeOfStatus(status), options);
    this.#status = status;
  }

  override get status(): number {
    return this.#status;
  }
}

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

/** A refused input: VALIDATION_FAILED with the first issue's message (the schema's, rules/src/schemas) and every failing field. */
export function validationError(error: ZodError): DomainError {
  return new DomainError("VALIDATION_FAILED", { issue: firstIssue(error) }, { cause: error, fields: issueFields(error) });
}

function toDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (isStatusError(error) && error.status >= 400 && error.status < 500) {
    if (error.type === "entity.parse.failed") return new DomainError("MALFORMED_JSON");
    if (error.type === "entity.too.large") return new DomainError("PAYLOAD_TOO_LARGE");
    return new HttpError(error.status, { cause: error });
  }
  return null;
}

/** Unknown paths under /api answer JSON, not the SPA's index.html. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new DomainError("ROUTE_NOT_FOUND", { method: req.method, path: req.originalUrl.split("?")[0]! }));
};

/** The one place that turns failures into `{ message, code, fields? }` responses. */
export function errorHandler(log: (error: unknown) => void = console.error): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const refusal = toDomainError(error);
    if (!refusal || refusal.status >= 500) log(error);
    const status = refusal?.status ?? 500;
    if (refusal?.retryAfterSeconds !== undefined) res.set("Retry-After", String(refusal.retryAfterSeconds));
    const body = refusal?.answer() ?? new DomainError("INTERNAL").answer();
    // Refused before its body was read (an upload's 401, 403, 413, 429, …): see unread-body.ts.
    if (hasUnreadBody(req)) answerAfterBody(req, res, status, body);
    else res.status(status).json(body);
  };
}
