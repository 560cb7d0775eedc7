/**
 * The body of every error answer as a zod schema, for the OpenAPI document (api/src/features/openapi)
 * and tests. Its own module: it loads the list of codes with every message (rules/src/error-codes.ts),
 * which no page needs (docs/conventions.md#errors).
 */
import { z } from "zod";
import { ERROR_CODES, type ErrorAnswer, type ErrorCode } from "../error-codes";

/**
 * Every failure: `{ message, code, fields? }`: a text safe to show to the user, a code from
 * rules/src/error-codes.ts that programs decide by, and for VALIDATION_FAILED each failing field.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  fields: z.record(z.string(), z.string()).optional(),
});

// Compile-time agreement of the schema with the type the api and web use.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaMatchesType: Same<z.infer<typeof errorBodySchema>, ErrorAnswer> = true;
