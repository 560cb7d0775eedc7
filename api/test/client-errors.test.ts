import { CLIENT_ERROR_MAX_BYTES } from "@loop/rules/schemas/client-errors";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

/**
 * POST /api/client-errors (issue 36, "Nothing goes blank"): a page that failed to render is written
 * to the API's log under a request id (answered in X-Request-Id, 204); a bad or oversized body is
 * refused, and so is a flood from one address.
 */
describe("POST /api/client-errors", () => {
  let t: TestApp;
  let logged: string[];

  beforeAll(async () => {
    // The app's logger, which keeps what each test logs (`logged`, new for each test).
    const logger = { info: () => {}, warn: (message: string) => logged.push(message), error: (message: string) => logged.push(message) };
    t = await createTestApp({ env: { RATE_LIMIT_CLIENT_ERRORS_PER_IP: "5" }, logger });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    logged = [];
    await t.db.prisma.$executeRaw`DELETE FROM "app"."rate_limit_hits"`;
  });

  const report = (body: unknown) =>
    request(t.app)
      .post("/api/client-errors")
      .set("Origin", APP_ORIGIN)
      .send(body as object);

  it("logs the report with its request id and answers 204", async () => {
    const response = await report({
      message: "Cannot read properties of undefined (reading 'title')",
      stack: "TypeError: Cannot read properties of undefined\n    at LoopPage (loop-page.tsx:12:3)",
      url: "http://localhost:5173/loops/123",
    }).expect(204);
    const requestId = response.headers["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.text).toBe("");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`client error ${requestId}`);
    expect(logged[0]).toContain(`"Cannot read properties of undefined (reading 'title')"`);
    expect(logged[0]).toContain(`"http://localhost:5173/loops/123"`);
    // The stack's lines stay on the log's one line.
    expect(logged[0]).toContain("TypeError: Cannot read properties of undefined\\n    at LoopPage");
    expect(logged[0]!.split("\n")).toHaveLength(1);
  });

  it.each([
    [{ url: "http://localhost:5173/" }, /^Invalid Report: message is required/],
    [{ message: "  ", url: "http://localhost:5173/" }, /^Invalid Report: message is required/],
    [{ message: "x".repeat(1_001), url: "http://localhost:5173/" }, /^Invalid Report: message is required, at most 1000/],
    [{ message: "boom" }, /^Invalid Report: url is required/],
    [{ message: "boom", url: "http://localhost:5173/", stack: 42 }, /^Invalid Report: stack/],
    [{ message: "boom", url: "http://localhost:5173/", stack: "s".repeat(8_001) }, /^Invalid Report: stack/],
  ])("400 for %j, nothing logged", async (body, message) => {
    const response = await report(body).expect(400);
    expect(response.body.message).toMatch(message);
    expect(logged).toEqual([]);
  });

  it(`413 for a body over ${CLIENT_ERROR_MAX_BYTES} bytes`, async () => {
    await report({ message: "boom", url: "http://localhost:5173/", padding: "p".repeat(CLIENT_ERROR_MAX_BYTES) }).expect(413);
    expect(logged.some((line) => line.startsWith("client error"))).toBe(false);
  });

  it("403 from another site", async () => {
    await request(t.app).post("/api/client-errors").set("Origin", "https://evil.example").send({ message: "x", url: "y" }).expect(403);
    expect(logged).toEqual([]);
  });

  it("429 past the limit per address", async () => {
    for (let i = 0; i < 5; i += 1) await report({ message: `boom ${i}`, url: "http://localhost:5173/" }).expect(204);
    const refused = await report({ message: "boom 6", url: "http://localhost:5173/" }).expect(429);
    expect(refused.body.message).toBeTruthy();
    expect(logged).toHaveLength(5);
  });
});
