import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

/**
 * Every error answer is `{ message, code, fields? }` (docs/conventions.md#errors): a program decides
 * by `code` (rules/src/error-codes.ts), a person reads `message`, a form shows each field's own
 * message from `fields`.
 */
describe("error answers", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
});
