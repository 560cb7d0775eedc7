import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import express, { type Express } from "express";
import request from "supertest";
import { createListedLoop } from "./support/listed-loop";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES, isErrorCode, type ErrorCode } from "@loop/rules/error-codes";
import { connectWalletSchema, emailLoginSchema, web3LoginSchema } from "@loop/rules/schemas/auth";
import { emailLinkVerifySchema } from "@loop/rules/schemas/email-link";
import { API_VERSION, buildOpenApiDocument, type OpenApiDocument } from "../src/features/openapi/document";
import { FEATURES } from "../src/features/openapi/operations";
import { failure } from "../src/features/openapi/responses";
import type { FeatureSpec, OperationSpec, ResponseSpec } from "../src/features/openapi/spec";
import { LOCAL_CONTRACTS, tempDeploymentsDir } from "./support/deployments";
import { signInMember } from "./support/members";
import { newAccount, walletSignIn } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

// ---- The routes Express really has ------------------------------------------------------------

interface ListedRoute {
  path: string | RegExp;
  methods?: string[];
  router?: ListableRouter;
}
/** router@2.3's Router#listRoutes(), which @types/express does not declare. */
interface ListableRouter {
  listRoutes(): ListedRoute[];
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/** `METHOD /api/path/{param}` for every route under /api (and the spec's /paypal), by walking the router stack of the app. */
function registeredApiRoutes(app: Express): { routes: Set<string>; problems: string[] } {
  const routes = new Set<string>();
  const problems: string[] = [];
  const walk = (router: ListableRouter, prefix: string) => {
    for (const route of router.listRoutes()) {
      if (route.path instanceof RegExp) {
        // The web app's fallback (http/static-web.ts) is a RegExp outside /api.
        if (prefix.startsWith("/api")) problems.push(`RegExp route ${route.path} under ${prefix} cannot be documented`);
        continue;
      }
      const path = joinPath(prefix, route.path);
      if (route.router) {
        walk(route.router, path);
        continue;
      }
      if (path !== "/api" && !path.startsWith("/api/") && !path.startsWith("/paypal/")) continue;
      if (/[*?(){}]/.test(path)) {
        problems.push(`${path}: wildcard or optional segments have no OpenAPI path`);
        continue;
      }
      const openApiPath = path.replace(/:([A-Za-z_$][\w$]*)/g, "{$1}");
      const methods = route.methods ?? [];
      for (const method of methods) {
        if (method === "*") problems.push(`${path}: router.all() cannot be documented method by method`);
        // Express answers HEAD for every GET route by itself.
        else if (!(method === "HEAD" && methods.includes("GET"))) routes.add(`${method} ${openApiPath}`);
      }
    }
  };
  walk(app.router as unknown as ListableRouter, "");
  return { routes, problems };
}

function documentedRoutes(document: OpenApiDocument): Set<string> {
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) routes.add(`${method.toUpperCase()} ${path}`);
  }
  return routes;
}

function routeDifferences(app: Express, document: OpenApiDocument) {
  const { routes, problems } = registeredApiRoutes(app);
  const documented = documentedRoutes(document);
  return {
    undocumented: [...routes].filter((route) => !documented.has(route)).sort(),
    stale: [...documented].filter((route) => !routes.has(route)).sort(),
    problems,
  };
}

// ---- Structural validity of an OpenAPI 3.1 document -------------------------------------------

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function allRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) allRefs(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") found.push(item);
      else allRefs(item, found);
    }
  }
  return found;
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});

/** What makes the document unusable as OpenAPI 3.1; empty when it is fine. */
function structuralProblems(document: unknown): string[] {
  const doc = asObject(document);
  const problems: string[] = [];
  const top = new Set([
    "openapi",
    "info",
    "jsonSchemaDialect",
    "servers",
    "paths",
    "webhooks",
    "components",
    "security",
    "tags",
    "externalDocs",
  ]);
  for (const key of Object.keys(doc)) if (!top.has(key) && !key.startsWith("x-")) problems.push(`unknown top-level field ${key}`);
  if (typeof doc.openapi !== "string" || !/^3\.1\.\d+$/.test(doc.openapi)) problems.push(`openapi is ${String(doc.openapi)}, not 3.1.x`);
  const info = asObject(doc.info);
  if (typeof info.title !== "string" || typeof info.version !== "string") problems.push("info needs a title and a version");

  const schemes = asObject(asObject(doc.components).securitySchemes);
  for (const [name, scheme] of Object.entries(schemes)) {
    const { type, in: location, name: keyName } = asObject(scheme);
    if (type === "apiKey" && (typeof keyName !== "string" || !["query", "header", "cookie"].includes(String(location)))) {
      problems.push(`security scheme ${name}: apiKey needs a name and in: query, header or cookie`);
    }
  }
  const tags = Array.isArray(doc.tags) ? doc.tags.map((tag) => asObject(tag).name) : [];
  if (new Set(tags).size !== tags.length) problems.push("tag names repeat");

  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(asObject(doc.paths))) {
    if (!path.startsWith("/")) problems.push(`path ${path} does not start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!).sort();
    for (const [method, value] of Object.entries(asObject(item))) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!HTTP_METHODS.includes(method)) {
        problems.push(`${where}: not an HTTP method`);
        continue;
      }
      const operation = asObject(value);
      if (typeof operation.operationId !== "string") problems.push(`${where}: no operationId`);
      else if (operationIds.has(operation.operationId)) problems.push(`${where}: operationId ${operation.operationId} repeats`);
      else operationIds.add(operation.operationId);

      const responses = Object.entries(asObject(operation.responses));
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
        if (typeof asObject(response).description !== "string") problems.push(`${where} ${status}: no description`);
        for (const [type, media] of Object.entries(asObject(asObject(response).content))) {
          if (!("schema" in asObject(media))) problems.push(`${where} ${status} ${type}: no schema`);
        }
      }
      for (const tag of Array.isArray(operation.tags) ? operation.tags : []) {
        if (!tags.includes(tag)) problems.push(`${where}: tag ${String(tag)} is not declared`);
      }
      for (const requirement of Array.isArray(operation.security) ? operation.security : []) {
        for (const name of Object.keys(asObject(requirement))) {
          if (!(name in schemes)) problems.push(`${where}: security scheme ${name} is not declared`);
        }
      }
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map(asObject);
      const keys = parameters.map((parameter) => `${String(parameter.in)}:${String(parameter.name)}`);
      if (new Set(keys).size !== keys.length) problems.push(`${where}: parameters repeat`);
      for (const parameter of parameters) {
        if (!["path", "query", "header", "cookie"].includes(String(parameter.in)))
          problems.push(`${where}: parameter in ${String(parameter.in)}`);
        if (!("schema" in parameter) && !("content" in parameter))
          problems.push(`${where}: parameter ${String(parameter.name)} has no schema`);
        if (parameter.in === "path" && parameter.required !== true)
          problems.push(`${where}: path parameter ${String(parameter.name)} not required`);
      }
      const pathParameters = parameters
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => String(parameter.name))
        .sort();
      if (JSON.stringify(pathParameters) !== JSON.stringify(templated))
        problems.push(`${where}: path parameters ${pathParameters} ≠ ${templated}`);
      if (operation.requestBody !== undefined && Object.keys(asObject(asObject(operation.requestBody).content)).length === 0) {
        problems.push(`${where}: request body without content`);
      }
    }
  }
  for (const ref of allRefs(doc)) if (resolvePointer(doc, ref) === undefined) problems.push(`$ref ${ref} does not resolve`);
  return problems;
}

// ---- Error codes -------------------------------------------------------------------------------

/**
 * The codes a module of api/src throws: each code named in the first argument of its
 * `new DomainError(…)` (a code, or a choice between codes).
 */
function thrownCodes(file: string): ErrorCode[] {
  const source = readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");
  const codes = new Set<ErrorCode>();
  for (const match of source.matchAll(/new DomainError\(/g)) {
    // The first argument: up to the first comma or closing parenthesis outside parentheses and strings.
    let depth = 0;
    let end = match.index + match[0].length;
    for (let quote: string | null = null; end < source.length; end++) {
      const char = source[end]!;
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'" || char === "`") quote = char;
      else if (char === "(") depth++;
      else if (char === ")" && depth-- === 0) break;
      else if (char === "," && depth === 0) break;
    }
    for (const [, code] of source.slice(match.index, end).matchAll(/"([A-Z][A-Z0-9_]+)"/g)) {
      if (!isErrorCode(code)) throw new Error(`${file}: "${code}" is no error code`);
      codes.add(code);
    }
  }
  return [...codes].sort();
}

/** Every operation of the document by its operationId. */
function operationsById(document: OpenApiDocument) {
  return new Map(
    Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => [operation.operationId, operation])),
  );
}

// ---- Real answers against the document ---------------------------------------------------------

function specOf(method: string, path: string): OperationSpec {
  const operation = FEATURES.flatMap((feature) => feature.operations).find((op) => op.method === method && op.path === path);
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not declared`);
  return operation;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

describe("OpenAPI document", () => {
  let t: TestApp;
  let document: OpenApiDocument;

  /** The answer's status is documented for the call, with its headers, and its body parses exactly. */
  function expectDocumented(method: OperationSpec["method"], path: string, answer: Answer): void {
    const where = `${method.toUpperCase()} ${path} → ${answer.status}`;
    const documented = document.paths[path]?.[method]?.responses[String(answer.status)];
    expect(documented, `${where} is not in the document`).toBeDefined();
    const spec = specOf(method, path).responses[answer.status as keyof OperationSpec["responses"]] as ResponseSpec;
    for (const [name, header] of Object.entries(spec.headers ?? {})) {
      if (header.required) expect(answer.headers[name.toLowerCase()], `${where}: header ${name}`).toBeDefined();
    }
    if (spec.body) {
      const parsed = spec.body.safeParse(answer.body);
      expect(parsed.error, `${where}: ${JSON.stringify(answer.body)}`).toBeUndefined();
      // zod drops unknown keys: a field the schema does not describe shows up here.
      expect(parsed.data, `${where}: fields the schema does not describe`).toEqual(answer.body);
    }
    // An error answer's code is one the operation lists for that status.
    const code = (answer.body as { code?: unknown } | null)?.code;
    if (answer.status >= 400 && typeof code === "string") expect(documented!["x-error-codes"], `${where}: its code`).toContain(code);
  }

  beforeAll(async () => {
    t = await createTestApp();
    document = (
      await request(t.app)
        .get("/api/openapi.json")
        .expect(200)
        .expect("content-type", /application\/json/)
    ).body;
  });
  afterAll(() => t.close());

  it("is served at GET /api/openapi.json, as OpenAPI 3.1, and matches the built document", async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: "LOOP API", version: API_VERSION });
    expect(document).toEqual(buildOpenApiDocument(t.config));
    // Before the session middleware: no database needed, and a banned account can read it.
    const response = await request(t.app).get("/api/openapi.json").set("Cookie", "loop_session=whatever").expect(200);
    expectDocumented("get", "/api/openapi.json", response);
  });

  it("documents every /api route and method of the app, and nothing the app does not have", () => {
    const { undocumented, stale, problems } = routeDifferences(t.app, document);
    expect(problems).toEqual([]);
    expect(undocumented, "routes missing from the document").toEqual([]);
    expect(stale, "documented routes the app does not have").toEqual([]);
    expect(documentedRoutes(document).size).toBeGreaterThanOrEqual(15);
  });

  it("the route comparison notices an undocumented route and a stale entry", () => {
    const app = express();
    const api = express.Router();
    api.get("/health", () => {});
    api.delete("/genres/:id", () => {});
    app.use("/api", api);
    const { undocumented, stale } = routeDifferences(app, document);
    expect(undocumented).toEqual(["DELETE /api/genres/{id}"]);
    expect(stale).toContain("GET /api/config");
    expect(stale).not.toContain("GET /api/health");
  });

  it("is structurally valid: known fields, unique operationIds, responses everywhere, every $ref resolves", () => {
    expect(structuralProblems(document)).toEqual([]);
  });

  it("the structural check notices broken documents", () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, Json>> };
    broken.paths["/api/health"]!.get!.responses = {};
    broken.paths["/api/config"]!.get!.operationId = "getCurrentUser";
    (broken.paths["/api/genres"]!.get!.responses as Record<string, Json>)["200"] = {
      description: "x",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Nope" } } },
    };
    broken.paths["/api/items/{id}"] = { get: { operationId: "x", responses: { 200: { description: "x" } }, security: [{ bearer: [] }] } };
    expect(structuralProblems(broken)).toEqual([
      "GET /api/health: no responses",
      "GET /api/auth/user: operationId getCurrentUser repeats",
      "GET /api/items/{id}: security scheme bearer is not declared",
      "GET /api/items/{id}: path parameters  ≠ id",
      "$ref #/components/schemas/Nope does not resolve",
    ]);
  });

  it("declares the session cookie as a security scheme, required where a session is", () => {
    expect(document.components.securitySchemes.loop_session).toMatchObject({ type: "apiKey", in: "cookie", name: "loop_session" });
    expect(document.paths["/api/auth/user"]!.get!.security).toEqual([{ loop_session: [] }]);
    expect(document.paths["/api/auth/disconnect-wallet"]!.post!.security).toEqual([{ loop_session: [] }]);
    expect(document.paths["/api/genres"]!.get!.security).toEqual([{}, { loop_session: [] }]);
    expect(document.paths["/api/health"]!.get!.security).toBeUndefined();
  });

  it("takes request bodies from the shared schemas of @loop/rules", () => {
    const shared: [string, string, string, z.ZodType][] = [
      ["/api/auth/web3", "post", "Web3LoginBody", web3LoginSchema],
      ["/api/auth/connect-wallet", "post", "ConnectWalletBody", connectWalletSchema],
      ["/api/auth/email", "post", "EmailLoginBody", emailLoginSchema],
      ["/api/auth/email/verify", "post", "EmailLinkVerifyBody", emailLinkVerifySchema],
      ["/api/auth/email/link", "post", "EmailLinkVerifyBody", emailLinkVerifySchema],
    ];
    for (const [path, method, name, schema] of shared) {
      expect(document.paths[path]![method]!.requestBody).toEqual({
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
      });
      const { $schema: _dialect, ...expected } = z.toJSONSchema(schema, { io: "input" });
      expect(document.components.schemas[name]).toEqual(expected);
    }
  });

  it("refuses inconsistent declarations", () => {
    const operation = (overrides: Partial<OperationSpec>): OperationSpec => ({
      method: "get",
      path: "/api/x",
      operationId: "x",
      summary: "x",
      auth: "none",
      responses: { 200: { description: "x" } },
      ...overrides,
    });
    const feature = (operations: OperationSpec[], schemas?: FeatureSpec["schemas"]): FeatureSpec[] => [
      { tag: "x", description: "x", operations, schemas },
    ];
    expect(() => buildOpenApiDocument(t.config, feature([operation({}), operation({ method: "post", operationId: "x" })]))).toThrow(
      /used twice/,
    );
    expect(() => buildOpenApiDocument(t.config, feature([operation({ path: "/api/x/{id}" })]))).toThrow(/path parameters/);
    expect(() =>
      buildOpenApiDocument(t.config, feature([operation({})], { A: z.string(), B: z.string(), C: web3LoginSchema, D: web3LoginSchema })),
    ).toThrow(/named both/);
    const shared = z.object({ n: z.string().transform((text) => text.length) });
    expect(() =>
      buildOpenApiDocument(t.config, feature([operation({ responses: { 200: { description: "x", body: shared } } })], { Shared: shared })),
    ).toThrow(/cannot be represented/i);
    // An error answer lists its codes, each of its own status.
    expect(() => buildOpenApiDocument(t.config, feature([operation({ responses: { 404: failure([], "x") } })]))).toThrow(
      /lists no error codes/,
    );
    expect(() => buildOpenApiDocument(t.config, feature([operation({ responses: { 404: failure(["ALREADY_PURCHASED"], "x") } })]))).toThrow(
      /ALREADY_PURCHASED, whose status is 409/,
    );
    // A configuration-dependent route is documented only where it exists.
    const devOnly = operation({ when: (config) => config.chains.some((chain) => chain.id === 1) });
    expect(buildOpenApiDocument(t.config, feature([devOnly])).paths).toEqual({});
  });

  it("lists each operation's error codes: known ones, under a failure of their own status, all of them on the operation", () => {
    let failures = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const all = new Set<string>();
        for (const [status, response] of Object.entries(operation.responses)) {
          const errorAnswer = JSON.stringify(response.content ?? {}).includes("#/components/schemas/ErrorBody");
          const codes = response["x-error-codes"] ?? [];
          expect(codes.length > 0, `${where} ${status}: an error answer lists its codes, and only an error answer`).toBe(errorAnswer);
          if (errorAnswer) failures++;
          for (const code of codes) {
            expect(isErrorCode(code), `${where} ${status}: ${code}`).toBe(true);
            expect(ERROR_CODES[code].status, `${where} ${status}: ${code}'s status`).toBe(Number(status));
            expect(response.description).toContain(`\`${code}\``);
            all.add(code);
          }
        }
        expect(operation["x-error-codes"] ?? [], where).toEqual([...all].sort());
      }
    }
    expect(failures).toBeGreaterThan(100);
  });

  it("the money calls list every code their services throw", () => {
    const operations = operationsById(document);
    const listed = (...operationIds: string[]) =>
      new Set(operationIds.flatMap((id) => operations.get(id)?.["x-error-codes"] ?? expect.fail(`no operation ${id}`)));
    const cases: [string, string[]][] = [
      ["features/purchases/purchases.service.ts", ["createPurchase"]],
      ["features/purchases/wallet-purchase.service.ts", ["createWalletQuote", "reportWalletPurchase"]],
      ["features/checkout/checkout-pricing.ts", ["createPaypalOrder"]],
      ["features/checkout/checkout-pricing.ts", ["createPaymentIntent"]],
      ["features/paypal/paypal.service.ts", ["createPaypalOrder", "capturePaypalOrder", "recordPaypalPurchase", "paypalWebhook"]],
      ["features/cards/card-checkout.service.ts", ["createPurchase", "createPaymentIntent", "createSetupIntent", "stripeWebhook"]],
      ["features/tokens/tokens.service.ts", ["transferTokens"]],
      ["features/withdrawals/withdrawals.service.ts", ["requestWithdrawal", "cancelWithdrawal", "adminUpdateWithdrawalStatus"]],
      ["features/withdrawals/vault-payout.ts", ["adminUpdateWithdrawalStatus"]],
      ["features/withdrawals/payout-sender.ts", ["adminUpdateWithdrawalStatus"]],
      ["features/negotiations/create-negotiation.ts", ["createNegotiation"]],
      ["features/negotiations/offer-funds.ts", ["createNegotiation"]],
      ["features/negotiations/negotiations.service.ts", ["respondToNegotiation"]],
      ["features/negotiations/accept-offer.ts", ["respondToNegotiation"]],
      ["features/negotiations/wallet-offer-terms.ts", ["walletOfferTerms"]],
      ["features/token-orders/token-orders.service.ts", ["createTokenOrder"]],
      ["features/admin/admin-orders.service.ts", ["adminFulfilTokenOrder", "adminRejectTokenOrder"]],
      ["features/downloads/downloads.service.ts", ["getDownloadLink", "downloadFile"]],
      ["features/auth/siwe.service.ts", ["signInWithWallet"]],
      ["features/email-login/email-login.service.ts", ["sendEmailSignInLink", "verifyEmailSignInLink"]],
      ["features/wallet/wallet.service.ts", ["connectWallet", "disconnectWallet"]],
    ];
    for (const [file, operationIds] of cases) {
      const codes = thrownCodes(file);
      expect(codes.length, file).toBeGreaterThan(0);
      const documented = listed(...operationIds);
      expect(
        codes.filter((code) => !documented.has(code)),
        `${file}: codes ${operationIds.join(", ")} do not list`,
      ).toEqual([]);
    }
    expect([...listed("createPurchase")]).toEqual(
      expect.arrayContaining([
        "LOOP_NOT_FOUND",
        "OWN_LOOP_PURCHASE",
        "ALREADY_PURCHASED",
        "PRICE_CHANGED",
        "INSUFFICIENT_BALANCE",
        "IDEMPOTENCY_KEY_REUSED",
      ]),
    );
    expect([...listed("transferTokens")]).toEqual(
      expect.arrayContaining([
        "RECIPIENT_NOT_FOUND",
        "TRANSFER_TO_SELF",
        "TRANSFER_INSUFFICIENT_BALANCE",
        "PROMOTIONAL_LOOP_LOCKED",
        "TRANSFERS_SUSPENDED",
      ]),
    );
  });

  it("the code scan finds a module's codes, a choice between two included", () => {
    expect(thrownCodes("features/downloads/downloads.service.ts")).toEqual(
      expect.arrayContaining([
        "DOWNLOAD_LINK_EXPIRED",
        "DOWNLOAD_LINK_INVALID",
        "FORMAT_NOT_PURCHASED",
        "PURCHASE_REQUIRED",
        "LOOP_NOT_FOUND",
      ]),
    );
  });

  describe("real answers have a documented status and match their schema", () => {
    it("public calls", async () => {
      await t.db.prisma.genre.create({ data: { name: "House" } });
      const someone = await t.db.prisma.user.create({ data: { username: "someone", experience: 250 } });
      const listed = await createListedLoop(t.db.prisma, someone.id);
      expectDocumented("get", "/api/health", await request(t.app).get("/api/health").expect(200));
      expectDocumented("get", "/api/config", await request(t.app).get("/api/config").expect(200));
      const deployments = tempDeploymentsDir();
      deployments.write(31337);
      const withContracts = await createTestApp({ db: t.db, env: { DEPLOYMENTS_DIR: deployments.dir } });
      try {
        const config = await request(withContracts.app).get("/api/config").expect(200);
        expect(config.body.chains[0].contracts).toEqual(LOCAL_CONTRACTS);
        expectDocumented("get", "/api/config", config);
      } finally {
        await withContracts.close();
        deployments.remove();
      }
      const genres = await request(t.app).get("/api/genres").expect(200);
      expect(genres.body).toHaveLength(1);
      expectDocumented("get", "/api/genres", genres);
      const stats = await request(t.app).get("/api/stats/public").expect(200);
      expect(stats.body.leaderboard).toHaveLength(1);
      expectDocumented("get", "/api/stats/public", stats);
      await t.db.prisma.loop.delete({ where: { id: listed } });
      expectDocumented("get", "/api/auth/nonce", await request(t.app).get("/api/auth/nonce").expect(200));
    });

    it("sign-in, session and wallet calls", async () => {
      expectDocumented("get", "/api/auth/user", await request(t.app).get("/api/auth/user").expect(401));
      const client = browser(t.app);
      expectDocumented("post", "/api/auth/web3", await client.post("/api/auth/web3").send({}).expect(400));
      expectDocumented("post", "/api/auth/web3", await request(t.app).post("/api/auth/web3").send({}).expect(403));
      const signedIn = await walletSignIn(client, newAccount());
      expect(signedIn.status).toBe(200);
      expectDocumented("post", "/api/auth/web3", signedIn);
      expectDocumented("get", "/api/auth/user", await client.get("/api/auth/user").expect(200));
      expectDocumented("post", "/api/auth/disconnect-wallet", await client.post("/api/auth/disconnect-wallet").expect(409));
      expectDocumented("post", "/api/auth/connect-wallet", await browser(t.app).post("/api/auth/connect-wallet").send({}).expect(401));
      expectDocumented(
        "post",
        "/api/auth/email/verify",
        await browser(t.app).post("/api/auth/email/verify").send({ token: "nope" }).expect(401),
      );
      expectDocumented(
        "post",
        "/api/auth/email/link",
        await browser(t.app).post("/api/auth/email/link").send({ token: "nope" }).expect(401),
      );
      expectDocumented(
        "post",
        "/api/auth/email",
        await browser(t.app).post("/api/auth/email").send({ email: "a@example.com" }).expect(503),
      );
      const huge = { email: `${"a".repeat(200_000)}@example.com` };
      expectDocumented("post", "/api/auth/email", await browser(t.app).post("/api/auth/email").send(huge).expect(413));
      expectDocumented("get", "/api/logout", await client.get("/api/logout").expect(200));
      expectDocumented("post", "/api/logout", await request(t.app).post("/api/logout").expect(403));
      expectDocumented("post", "/api/logout", await client.post("/api/logout").set("Accept", "text/html").expect(303));
      expectDocumented("post", "/api/logout", await client.post("/api/logout").expect(204));
      expectDocumented("get", "/api/logout", await client.get("/api/logout").expect(302));
    });

    it("catalog and profile calls", async () => {
      const { browser: client, id: memberId } = await signInMember(t);
      const genre = await t.db.prisma.genre.upsert({ where: { name: "House" }, create: { name: "House" }, update: {} });
      const id = randomUUID();
      await t.db.prisma.loop.create({
        data: {
          id,
          userId: memberId,
          genreId: genre.id,
          title: "Documented",
          status: "ready",
          durationMs: 5000,
          bpm: 120,
          originalKey: `loops/${id}/original`,
          originalFormat: "wav",
          previewKey: `loops/${id}/preview.mp3`,
          peaksKey: `loops/${id}/peaks.json`,
        },
      });
      await t.storage.put(`loops/${id}/preview.mp3`, Buffer.alloc(100, 1));
      await t.storage.put(`loops/${id}/peaks.json`, Buffer.from(JSON.stringify({ points: 1, peaks: [[-0.1, 0.1]] })));

      const list = await request(t.app).get("/api/loops").expect(200);
      expect(list.body.total).toBe(1);
      expectDocumented("get", "/api/loops", list);
      expectDocumented("get", "/api/loops", await request(t.app).get("/api/loops?limit=1000").expect(400));
      expectDocumented("get", "/api/loops/{id}", await client.get(`/api/loops/${id}`).expect(200));
      expectDocumented("get", "/api/loops/{id}", await request(t.app).get(`/api/loops/${randomUUID()}`).expect(404));
      const preview = await request(t.app).get(`/api/loops/${id}/preview`).expect(200);
      expectDocumented("get", "/api/loops/{id}/preview", preview);
      expectDocumented(
        "get",
        "/api/loops/{id}/preview",
        await request(t.app).get(`/api/loops/${id}/preview`).set("Range", "bytes=0-9").expect(206),
      );
      expectDocumented(
        "get",
        "/api/loops/{id}/preview",
        await request(t.app).get(`/api/loops/${id}/preview`).set("Range", "bytes=500-").expect(416),
      );
      expectDocumented(
        "get",
        "/api/loops/{id}/preview",
        await request(t.app).get(`/api/loops/${id}/preview`).set("If-None-Match", preview.headers.etag!).expect(304),
      );
      expectDocumented("get", "/api/loops/{id}/preview", await request(t.app).get(`/api/loops/${randomUUID()}/preview`).expect(404));
      expectDocumented("get", "/api/loops/{id}/peaks", await request(t.app).get(`/api/loops/${id}/peaks`).expect(200));
      expectDocumented("get", "/api/loops/{id}/peaks", await request(t.app).get(`/api/loops/${randomUUID()}/peaks`).expect(404));

      expectDocumented("get", "/api/profile", await client.get("/api/profile").expect(200));
      expectDocumented("get", "/api/profile", await request(t.app).get("/api/profile").expect(401));
      expectDocumented("put", "/api/profile", await client.put("/api/profile").send({ username: "documented", bio: "hi" }).expect(200));
      expectDocumented("put", "/api/profile", await client.put("/api/profile").send({}).expect(400));
      expectDocumented("put", "/api/profile", await browser(t.app).put("/api/profile").send({ username: "x_documented" }).expect(401));
      expectDocumented("put", "/api/profile", await request(t.app).put("/api/profile").send({ username: "x_documented" }).expect(403));
      await t.db.prisma.user.create({ data: { username: "taken_name" } });
      expectDocumented("put", "/api/profile", await client.put("/api/profile").send({ username: "taken_name" }).expect(409));
      const profile = await request(t.app).get(`/api/users/${memberId}/profile`).expect(200);
      expect(profile.body.loops).toHaveLength(1);
      expectDocumented("get", "/api/users/{userId}/profile", profile);
      expectDocumented("get", "/api/users/{userId}/profile", await client.get(`/api/users/${memberId}/profile`).expect(200));
      expectDocumented("get", "/api/users/{userId}/profile", await request(t.app).get("/api/users/nope/profile").expect(404));
    });

    it("browser navigations of OpenID Connect sign-in redirect", async () => {
      const start = await request(t.app).get("/api/login").expect(302);
      expect(start.headers.location).toBe("/login");
      expectDocumented("get", "/api/login", start);
      const callback = await request(t.app).get("/api/auth/oidc/callback?code=x&state=y").expect(302);
      expect(callback.headers.location).toMatch(/^\/login\?error=/);
      expectDocumented("get", "/api/auth/oidc/callback", callback);
    });

    it("a banned account, and rate limits", async () => {
      const { browser: client, id: memberId } = await signInMember(t);
      await t.db.prisma.user.update({ where: { id: memberId }, data: { isBanned: true, banReason: "spam" } });
      expectDocumented("get", "/api/genres", await client.get("/api/genres").expect(403));
      expectDocumented("get", "/api/login", await client.get("/api/login").expect(403));
      expectDocumented("post", "/api/auth/disconnect-wallet", await client.post("/api/auth/disconnect-wallet").expect(403));

      const strict = await createTestApp({ db: t.db, env: { RATE_LIMIT_WALLET_SIGNIN_PER_IP: "1" } });
      try {
        await request(strict.app).get("/api/auth/nonce").expect(200);
        expectDocumented("get", "/api/auth/nonce", await request(strict.app).get("/api/auth/nonce").expect(429));
      } finally {
        await strict.close();
      }
    });
  });
});
