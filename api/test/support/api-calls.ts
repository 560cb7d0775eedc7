// Calls many API tests make as a member's browser.
import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import { expect } from "vitest";
import type { Browser } from "./siwe";

/** POST `path` with `body`, with an Idempotency-Key when `key` is given (the caller checks the answer). */
export function postWithKey(as: Browser, path: string, body: unknown, key?: string) {
  const call = as.post(path);
  if (key) call.set("Idempotency-Key", key);
  return call.send(body as object);
}

/** GET /api/tokens/balance (200), parsed. */
export const tokenBalance = async (as: Browser) => tokenBalanceSchema.parse((await as.get("/api/tokens/balance").expect(200)).body);

/** POST /api/purchases paying with in-app LOOP; a refusal fails the test, showing the answer. */
export async function buyWithLoop(as: Browser, loopId: string, format: "mp3" | "wav") {
  const response = await as.post("/api/purchases").send({ loopId, format, paymentMethod: "loop" });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response;
}
