// Request input is checked at the edge, in the router, with the shared schema of rules/src/schemas/:
// a service gets the parsed, typed value, never the raw body or query.
import type { Request } from "express";
import { z } from "zod";
import { validationError } from "./errors";

/**
 * `value` checked with `schema`: the parsed value, or a 400 VALIDATION_FAILED with the first issue's
 * message (the schema's own, from rules/src/schemas) and every failing field. A `DomainError` and not
 * the ZodError itself: callers that keep a refusal as an Idempotency-Key's answer (http/idempotency.ts)
 * keep only `DomainError`s.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The JSON body checked with `schema`; a request without one is checked as `{}` (each field's own message). */
export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parse(schema, req.body ?? {});
}

/** The query string checked with `schema`. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  return parse(schema, req.query);
}

/** `?limit=&offset=` of a list: `limit` from 1 to `max` (`defaultLimit` when absent), `offset` from 0. */
export function pageQuerySchema(defaultLimit: number, max: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}
