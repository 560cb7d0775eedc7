// How a feature declares its operations for the OpenAPI document (one file per feature under
// ./operations, listed in ./operations/index.ts). Bodies, parameters and responses are zod
// schemas, mostly the shared ones of @loop/rules; document.ts turns them into JSON Schema.
import type { ErrorCode } from "@loop/rules/error-codes";
import type { z } from "zod";
import type { AppConfig } from "../../config";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The statuses the API answers on purpose (api/src/http/errors.ts), plus redirects. 500 is never documented. */
export type StatusCode =
  200 | 201 | 202 | 204 | 206 | 302 | 303 | 304 | 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 416 | 422 | 429 | 502 | 503;

/** A JSON Schema (2020-12), for the few things that are not zod schemas (headers). */
export type JsonSchema = Record<string, unknown>;

/** An OpenAPI Header Object. */
export interface HeaderSpec {
  description: string;
  schema: JsonSchema;
  required?: boolean;
}

export interface ResponseSpec {
  description: string;
  /** The JSON body; none for redirects and empty answers. */
  body?: z.ZodType;
  /** A body that is not JSON (audio), by media type, as JSON Schema. */
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, HeaderSpec>;
  /**
   * A failure's codes (rules/src/error-codes.ts, docs/conventions.md#errors): every code this status
   * answers for the operation, each of this status. Required for a 4xx or 5xx (document.ts checks).
   */
  codes?: readonly ErrorCode[];
}

/**
 * Who may call: "none" (the session is not even read), "optional" (works signed out, but a
 * session changes the answer or makes a banned account's call fail), "required" (401 without).
 */
export type AuthLevel = "none" | "optional" | "required";

export interface OperationSpec {
  method: HttpMethod;
  /** Full OpenAPI path, e.g. `/api/loops/{id}` for the Express route `/loops/:id` under `/api` (the spec's PayPal calls live under `/paypal`). */
  path: `/api/${string}` | `/paypal/${string}`;
  /** Unique across the API; clients generated from the document name their functions after it. */
  operationId: string;
  summary: string;
  description?: string;
  auth: AuthLevel;
  /** Path parameters, one property per `{name}` in `path`. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** JSON request body (the route's own zod schema, read as input). */
  body?: z.ZodType;
  /** The body's media type: JSON unless said otherwise (uploads are multipart/form-data). */
  bodyMediaType?: "application/json" | "multipart/form-data";
  responses: Partial<Record<StatusCode, ResponseSpec>>;
  /** Routes registered only under some configuration (dev-chain helpers): documented only then. */
  when?: (config: AppConfig) => boolean;
  deprecated?: boolean;
}

export interface FeatureSpec {
  /** The OpenAPI tag of every operation of this feature. */
  tag: string;
  description: string;
  /**
   * Named schemas, published as `#/components/schemas/<Name>`. Wherever one of these zod schemas
   * appears (directly or nested) it becomes a `$ref`; other schemas are written inline. Several
   * features may name the same schema object with the same name.
   */
  schemas?: Record<string, z.ZodType>;
  operations: OperationSpec[];
}

/** Identity function that gives a feature file its types. */
export function defineFeature(feature: FeatureSpec): FeatureSpec {
  return feature;
}
