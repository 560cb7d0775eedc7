// Builds the OpenAPI 3.1 document from the features' declarations (./operations). zod 4 writes
// the JSON Schemas (2020-12, the dialect of OpenAPI 3.1): request bodies and parameters as the
// input a route's schema accepts, responses as the output the API sends.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@loop/rules/error-codes";
import { errorBodySchema } from "@loop/rules/schemas/error-body";
import type { AppConfig } from "../../config";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { FEATURES } from "./operations";
import type { AuthLevel, FeatureSpec, HeaderSpec, JsonSchema, OperationSpec, ResponseSpec } from "./spec";

export const OPENAPI_VERSION = "3.1.1";
/** The API's own version in info.version (the package's). */
export const API_VERSION = "0.0.0";
export const SECURITY_SCHEME = "loop_session";

const COMPONENTS = "#/components/schemas/";
const INLINE = "__inline_";

type Side = "input" | "output";

export interface OpenApiOperation {
  tags: string[];
  operationId: string;
  summary: string;
  description?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, HeaderSpec>;
      content?: Record<string, { schema: JsonSchema }>;
      /** A failure's codes (rules/src/error-codes.ts). */
      "x-error-codes"?: ErrorCode[];
    }
  >;
  /** Every code the operation answers, of all its failures: what a client must be ready for. */
  "x-error-codes"?: ErrorCode[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie"; name: string; description: string }>;
  };
}

const DESCRIPTION = `The HTTP API of LOOP, a marketplace for music loops and tracks.

- Every call is under \`/api\` on the app's origin; bodies are JSON (at most 100 kB, else 413).
- Failures answer \`{ "message": "…", "code": "…", "fields": { … } }\`: \`message\` is a text that is safe to show to
  the user, \`code\` a stable machine name to decide by (\`ErrorBody.code\` lists them; rules/src/error-codes.ts), and
  \`fields\` (with \`VALIDATION_FAILED\`) each failing field's path and message. Each operation lists the codes it answers
  (\`x-error-codes\`, and per response status with its description). Unknown paths under \`/api\` answer
  404 \`ROUTE_NOT_FOUND\`; an unexpected failure answers 500 \`INTERNAL\` (not listed per operation).
- The session is the HttpOnly cookie \`${SESSION_COOKIE}\`, set by the sign-in calls (30 days).
- State-changing calls (anything but GET, HEAD, OPTIONS) need an \`Origin\` header, or without it a \`Referer\`,
  equal to the app's origin: otherwise 403 \`Cross-site request refused\`.
- A banned account answers 403 on every call except \`GET /api/auth/user\`, \`GET\` and \`POST /api/logout\`,
  \`GET /api/config\`, \`GET /api/health\` and \`GET /api/openapi.json\`.
- Answers carry \`Cache-Control: no-store\`.`;

/** A zod schema used by the document, on one side, as a named component or inline. */
class SchemaTable {
  private readonly named = new Map<z.ZodType, string>();
  private readonly inline: Record<Side, Map<z.ZodType, string>> = { input: new Map(), output: new Map() };
  private readonly rootIds: Record<Side, Set<string>> = { input: new Set(), output: new Set() };
  private converted: Record<Side, Record<string, JsonSchema>> | null = null;
  private components: Record<string, JsonSchema> = {};

  name(name: string, schema: z.ZodType): void {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`OpenAPI: invalid schema name "${name}"`);
    const existing = this.named.get(schema);
    if (existing !== undefined && existing !== name) throw new Error(`OpenAPI: one schema named both "${existing}" and "${name}"`);
    for (const [other, otherName] of this.named) {
      if (otherName === name && other !== schema) throw new Error(`OpenAPI: two different schemas named "${name}"`);
    }
    this.named.set(schema, name);
  }

  /** Records that an operation uses `schema` on `side`; returns the id to look it up after convert(). */
  use(schema: z.ZodType, side: Side): string {
    const named = this.named.get(schema);
    if (named !== undefined) {
      this.rootIds[side].add(named);
      return named;
    }
    const inline = this.inline[side];
    let id = inline.get(schema);
    if (id === undefined) {
      id = `${INLINE}${side}_${inline.size}`;
      inline.set(schema, id);
    }
    this.rootIds[side].add(id);
    return id;
  }

  private convertSide(side: Side, only: Set<string> | null): Record<string, JsonSchema> {
    const registry = z.registry<{ id: string }>();
    for (const [schema, id] of this.named) if (!only || only.has(id)) registry.add(schema, { id });
    for (const [schema, id] of this.inline[side]) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io: side,
      // The first pass converts every named schema on both sides, where some cannot be (a
      // response schema with a transform, read as input): only the second pass must be exact.
      unrepresentable: only ? "throw" : "any",
      uri: (id) => COMPONENTS + id,
    });
    const result: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      // Each schema is standalone in zod's output; inside the document it is not.
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      result[id] = rest;
    }
    return result;
  }

  /** The named schemas that `side` reaches from its operations, through $refs. */
  private reachable(side: Side, schemas: Record<string, JsonSchema>): Set<string> {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const ref of refsIn(schemas[id])) visit(ref);
    };
    for (const id of this.rootIds[side]) visit(id);
    return new Set([...seen].filter((id) => !id.startsWith(INLINE)));
  }

  convert(): void {
    const sides: Side[] = ["input", "output"];
    const reach = Object.fromEntries(sides.map((side) => [side, this.reachable(side, this.convertSide(side, null))])) as Record<
      Side,
      Set<string>
    >;
    const converted = Object.fromEntries(sides.map((side) => [side, this.convertSide(side, reach[side])])) as Record<
      Side,
      Record<string, JsonSchema>
    >;
    for (const side of sides) {
      for (const [id, schema] of Object.entries(converted[side])) {
        const inlineRef = [...refsIn(schema)].find((ref) => ref.startsWith(INLINE));
        if (inlineRef) {
          throw new Error(`OpenAPI: a schema used directly by an operation is also nested in "${id}": name it in the feature's schemas`);
        }
      }
    }
    const components: Record<string, JsonSchema> = {};
    for (const id of [...new Set([...this.named.values()])].sort()) {
      const input = reach.input.has(id) ? converted.input[id] : undefined;
      const output = reach.output.has(id) ? converted.output[id] : undefined;
      if (input && output && !isDeepStrictEqual(input, output)) {
        throw new Error(`OpenAPI: schema "${id}" reads differently as a request and as a response: name one schema for each`);
      }
      const schema = output ?? input;
      // Named but used by no operation (in this configuration): left out.
      if (schema) components[id] = schema;
    }
    this.converted = converted;
    this.components = components;
  }

  /** The JSON Schema to write where an operation uses the schema with this id. */
  ref(id: string, side: Side): JsonSchema {
    if (!id.startsWith(INLINE)) return { $ref: COMPONENTS + id };
    return this.json(id, side);
  }

  /** The full JSON Schema of an id, for parameters. */
  json(id: string, side: Side): JsonSchema {
    if (!this.converted) throw new Error("OpenAPI: convert() first");
    const schema = id.startsWith(INLINE) ? this.converted[side][id] : this.components[id];
    if (!schema) throw new Error(`OpenAPI: no schema "${id}"`);
    return schema;
  }

  componentSchemas(): Record<string, JsonSchema> {
    return this.components;
  }
}

function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith(COMPONENTS)) found.add(item.slice(COMPONENTS.length));
      else refsIn(item, found);
    }
  }
  return found;
}

function security(auth: AuthLevel): Record<string, string[]>[] | undefined {
  if (auth === "required") return [{ [SECURITY_SCHEME]: [] }];
  // `{}` first: the call also works without the cookie.
  if (auth === "optional") return [{}, { [SECURITY_SCHEME]: [] }];
  return undefined;
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

interface PendingOperation {
  feature: FeatureSpec;
  operation: OperationSpec;
  ids: { params?: string; query?: string; body?: string; responses: Partial<Record<string, string>> };
}

function parameters(table: SchemaTable, id: string, location: "path" | "query"): NonNullable<OpenApiOperation["parameters"]> {
  const schema = table.json(id, "input");
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** A failure's description names its codes. */
function describedWithCodes(spec: ResponseSpec): string {
  const codes = spec.codes ?? [];
  return codes.length === 0 ? spec.description : `${spec.description} Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`;
}

/** Throws unless an error answer (`ErrorBody`) lists its codes, each known and of the answer's status. */
function checkCodes(key: string, status: string, spec: ResponseSpec): void {
  const codes = spec.codes ?? [];
  if (spec.body === errorBodySchema && codes.length === 0) throw new Error(`OpenAPI: ${key} ${status} lists no error codes`);
  if (spec.body !== errorBodySchema && codes.length > 0) throw new Error(`OpenAPI: ${key} ${status} lists codes but is no error answer`);
  if (new Set(codes).size !== codes.length) throw new Error(`OpenAPI: ${key} ${status} lists a code twice`);
  for (const code of codes) {
    const listed = ERROR_CODES[code] as { status: number } | undefined;
    if (!listed) throw new Error(`OpenAPI: ${key} ${status} lists ${code}, which is not a code`);
    if (String(listed.status) !== status) throw new Error(`OpenAPI: ${key} ${status} lists ${code}, whose status is ${listed.status}`);
  }
}

function response(table: SchemaTable, spec: ResponseSpec, id: string | undefined): OpenApiOperation["responses"][string] {
  return {
    description: describedWithCodes(spec),
    ...(spec.headers && Object.keys(spec.headers).length > 0 ? { headers: spec.headers } : {}),
    ...(id !== undefined
      ? { content: { "application/json": { schema: table.ref(id, "output") } } }
      : spec.content
        ? { content: spec.content }
        : {}),
    ...(spec.codes && spec.codes.length > 0 ? { "x-error-codes": [...spec.codes] } : {}),
  };
}

/** Documents already built, by the routes they describe (see openApiDocument). */
const builtDocuments = new Map<string, OpenApiDocument>();

/**
 * buildOpenApiDocument for the app's own features, built once per process for each set of routes
 * a configuration registers: the configuration reaches the document only through the operations'
 * `when`, and a build costs some 0.2 s of CPU (zod's JSON Schemas), which every app the API tests
 * create in one process paid again (15 s of the API tests' CPU).
 */
export function openApiDocument(config: AppConfig): OpenApiDocument {
  const registered = FEATURES.flatMap((feature) =>
    feature.operations.map((operation) => (!operation.when || operation.when(config) ? 1 : 0)),
  ).join("");
  let document = builtDocuments.get(registered);
  if (!document) {
    document = buildOpenApiDocument(config);
    builtDocuments.set(registered, document);
  }
  return document;
}

/** The document for the routes this configuration registers. Throws on an inconsistent declaration. */
export function buildOpenApiDocument(config: AppConfig, features: readonly FeatureSpec[] = FEATURES): OpenApiDocument {
  const table = new SchemaTable();
  table.name("ErrorBody", errorBodySchema);
  for (const feature of features) for (const [name, schema] of Object.entries(feature.schemas ?? {})) table.name(name, schema);

  const pending: PendingOperation[] = [];
  const seen = new Set<string>();
  const operationIds = new Set<string>();
  for (const feature of features) {
    for (const operation of feature.operations) {
      if (operation.when && !operation.when(config)) continue;
      const key = `${operation.method.toUpperCase()} ${operation.path}`;
      if (seen.has(key)) throw new Error(`OpenAPI: ${key} is declared twice`);
      if (operationIds.has(operation.operationId)) throw new Error(`OpenAPI: operationId "${operation.operationId}" is used twice`);
      seen.add(key);
      operationIds.add(operation.operationId);
      const declared = Object.keys(operation.params?.shape ?? {}).sort();
      if (!isDeepStrictEqual(pathParamNames(operation.path).sort(), declared)) {
        throw new Error(`OpenAPI: ${key} must declare exactly its path parameters in params`);
      }
      if (Object.keys(operation.responses).length === 0) throw new Error(`OpenAPI: ${key} has no responses`);
      const responses: Partial<Record<string, string>> = {};
      for (const [status, spec] of Object.entries(operation.responses)) {
        if (!spec) continue;
        checkCodes(key, status, spec);
        if (spec.body) responses[status] = table.use(spec.body, "output");
      }
      pending.push({
        feature,
        operation,
        ids: {
          params: operation.params ? table.use(operation.params, "input") : undefined,
          query: operation.query ? table.use(operation.query, "input") : undefined,
          body: operation.body ? table.use(operation.body, "input") : undefined,
          responses,
        },
      });
    }
  }
  table.convert();

  const paths: OpenApiDocument["paths"] = {};
  const tags = new Map<string, string>();
  for (const { feature, operation, ids } of pending) {
    tags.set(feature.tag, feature.description);
    const params = [
      ...(ids.params ? parameters(table, ids.params, "path") : []),
      ...(ids.query ? parameters(table, ids.query, "query") : []),
    ];
    const auth = security(operation.auth);
    const statuses = Object.keys(operation.responses).sort();
    const codes = [...new Set(Object.values(operation.responses).flatMap((spec) => spec?.codes ?? []))].sort();
    (paths[operation.path] ??= {})[operation.method] = {
      tags: [feature.tag],
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(operation.deprecated ? { deprecated: true } : {}),
      ...(auth ? { security: auth } : {}),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(ids.body
        ? {
            requestBody: {
              required: true,
              content: { [operation.bodyMediaType ?? "application/json"]: { schema: table.ref(ids.body, "input") } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        statuses.map((status) => [
          status,
          response(table, operation.responses[Number(status) as keyof OperationSpec["responses"]]!, ids.responses[status]),
        ]),
      ),
      ...(codes.length > 0 ? { "x-error-codes": codes } : {}),
    };
  }

  return {
    openapi: OPENAPI_VERSION,
    info: { title: "LOOP API", version: API_VERSION, description: DESCRIPTION },
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: table.componentSchemas(),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session: HttpOnly, SameSite=Lax (Secure in production), set by the sign-in calls.",
        },
      },
    },
  };
}
