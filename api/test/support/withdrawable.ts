import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import type { Browser } from "./siwe";

/** Members sign in with 500 LOOP they can withdraw (bought); their 500 LOOP welcome bonus is promotional and cannot be. */
export const WITHDRAWABLE = { funds: 500n };

/** The member's withdrawable LOOP (GET /api/tokens/balance without the promotional part, which never leaves). */
export async function withdrawableBalance(as: Browser) {
  const all = tokenBalanceSchema.parse((await as.get("/api/tokens/balance").expect(200)).body);
  const withdrawable = (BigInt(all.balance.replace(".", "")) - BigInt(all.promotional.replace(".", ""))).toString().padStart(9, "0");
  return { balance: `${withdrawable.slice(0, -8)}.${withdrawable.slice(-8)}`, available: all.withdrawable, held: all.held };
}
