import { randomUUID } from "node:crypto";
import { ERROR_CODES, errorMessage } from "@loop/rules/error-codes";
import { insufficientLoopMessage } from "@loop/rules/schemas/purchases";
import { UNITS_PER_LOOP } from "@loop/rules/units";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { DomainError } from "../src/domain-error";
import { suiteApp } from "./support/suite-app";
import { APP_ORIGIN, type TestApp } from "./support/test-app";

/**
 * Every error answer is `{ message, code, fields? }` (docs/conventions.md#errors): a program decides
 * by `code` (rules/src/error-codes.ts), a person reads `message`, a form shows each field's own
 * message from `fields`.
 */
describe("error answers", () => {
  let t: TestApp;

  suiteApp((app) => (t = app));

  it("an unknown API path: ROUTE_NOT_FOUND", async () => {
    const response = await request(t.app).get("/api/no-such-thing").expect(404);
    expect(response.body).toEqual({ message: "No route for GET /api/no-such-thing", code: "ROUTE_NOT_FOUND" });
  });

  it("a body that is not JSON: MALFORMED_JSON", async () => {
    const response = await request(t.app)
      .post("/api/client-errors")
      .set("Origin", APP_ORIGIN)
      .set("Content-Type", "application/json")
      .send("{ not json")
      .expect(400);
    expect(response.body).toEqual({ message: "Malformed JSON in request body", code: "MALFORMED_JSON" });
  });

  it("a body that fails its schema: VALIDATION_FAILED, the first issue's message and every failing field by path", async () => {
    const response = await request(t.app)
      .post("/api/client-errors")
      .set("Origin", APP_ORIGIN)
      .send({ message: "  ", stack: 42 })
      .expect(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toMatch(/^Invalid Report: /);
    expect(Object.keys(response.body.fields).sort()).toEqual(["message", "stack", "url"]);
    for (const text of Object.values(response.body.fields)) expect(text).toEqual(expect.any(String));
  });

  it("a signed-out call to a member's route: UNAUTHORIZED", async () => {
    const response = await request(t.app).get("/api/tokens/balance").expect(401);
    expect(response.body).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("a service's refusal: its precise code, with the code's status and the message rules/ gives it", async () => {
    const response = await request(t.app).get(`/api/loops/${randomUUID()}`).expect(ERROR_CODES.LOOP_NOT_FOUND.status);
    expect(response.body).toEqual({ message: "Loop Not Found", code: "LOOP_NOT_FOUND" });
  });

  it("a templated message: filled in from its typed parameters", async () => {
    const response = await request(t.app).get("/api/loops?after=not-a-cursor").expect(400);
    expect(response.body).toEqual({
      message: "Invalid after: use the nextCursor of a page of the same sort.",
      code: "INVALID_CURSOR",
    });
    expect(response.body.message).toBe(errorMessage("INVALID_CURSOR", { list: "catalog" }));
  });
});

describe("DomainError", () => {
  it("takes its message from rules/: a code's text, or its template filled with typed parameters", () => {
    const notFound = new DomainError("LOOP_NOT_FOUND");
    expect(notFound).toMatchObject({ code: "LOOP_NOT_FOUND", status: 404, message: "Loop Not Found" });
    expect(notFound.answer()).toEqual({ message: "Loop Not Found", code: "LOOP_NOT_FOUND" });

    const short = new DomainError("INSUFFICIENT_BALANCE", { neededUnits: 2545n * UNITS_PER_LOOP, availableUnits: 500n * UNITS_PER_LOOP });
    expect(short.status).toBe(400);
    expect(short.message).toBe(insufficientLoopMessage("2545", "500"));
    expect(short.message).toBe("Insufficient Balance: You need 2545 LOOP tokens but only have 500");

    const cause = new Error("the chain");
    const pending = new DomainError("PAYOUT_PENDING", { chainId: 31337, detail: "timeout" }, { cause, retryAfterSeconds: 5 });
    expect(pending).toMatchObject({ status: 503, cause, retryAfterSeconds: 5 });
    expect(pending.message).toBe("Payout Pending: the payout transaction may not have reached chain 31337 (timeout)");

    const taken = new DomainError("USERNAME_TAKEN", { fields: { username: "Username is already taken" } });
    expect(taken.answer()).toEqual({
      message: "Username is already taken",
      code: "USERNAME_TAKEN",
      fields: { username: "Username is already taken" },
    });
  });

  it("cannot be given a free text, an unknown code or wrong parameters: the typecheck refuses them", () => {
    // Never called: these lines are for the typecheck, which fails if one of them compiles.
    const refusedByTheTypecheck = () => [
      // @ts-expect-error a free text is no message: a code has its own (rules/src/error-codes.ts)
      new DomainError("LOOP_NOT_FOUND", "Loop not found"),
      // @ts-expect-error a code that is not in the list
      new DomainError("LOOP_GONE"),
      // @ts-expect-error a templated message needs its parameters
      new DomainError("INSUFFICIENT_BALANCE"),
      // @ts-expect-error amounts are ledger units (bigint), not texts
      new DomainError("INSUFFICIENT_BALANCE", { neededUnits: "2545", availableUnits: 500n }),
      // @ts-expect-error a text in place of the parameters
      new DomainError("OFFER_BELOW_MINIMUM", "Offer Too Low: The smallest offer is $0.50"),
    ];
    expect(typeof refusedByTheTypecheck).toBe("function");
  });
});
