import { expect } from "vitest";

/** Amounts past LoopToken's cap (1,000,000,000 LOOP): too many digits, and one unit over. */
const OVER_CAP = ["99999999999999999999999", "1000000000.00000001"];

/**
 * Every amount past the cap, sent without and with an Idempotency-Key (`call` sends it), is refused
 * with 400 "Amount is too large" (before it could reach Postgres' BIGINT and fail as a 500).
 */
export async function expectAmountsOverCapRefused(
  call: (amount: string, key: string | undefined) => PromiseLike<{ status: number; body: unknown }>,
): Promise<void> {
  for (const amount of OVER_CAP) {
    for (const key of [undefined, `cap-${amount}`]) {
      const response = await call(amount, key);
      expect({ amount, key, status: response.status, body: response.body }).toMatchObject({
        amount,
        key,
        status: 400,
        body: { message: "Amount is too large: at most 1,000,000,000 LOOP" },
      });
    }
  }
}
