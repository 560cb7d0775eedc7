// What the withdrawal tests share: members with LOOP they can withdraw, their balance, the request
// and the admin's status change.
import { withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import type { Address } from "viem";
import { tokenBalance } from "./api-calls";
import type { Browser } from "./siwe";

/** Members sign in with 500 LOOP they can withdraw (bought); their 500 LOOP welcome bonus is promotional and cannot be. */
export const WITHDRAWABLE = { funds: 500n };

/** The member's withdrawable LOOP (GET /api/tokens/balance without the promotional part, which never leaves). */
export async function withdrawableBalance(as: Browser) {
  const all = await tokenBalance(as);
  const withdrawable = (BigInt(all.balance.replace(".", "")) - BigInt(all.promotional.replace(".", ""))).toString().padStart(9, "0");
  return { balance: `${withdrawable.slice(0, -8)}.${withdrawable.slice(-8)}`, available: all.withdrawable, held: all.held };
}

/** An admin's PUT /api/admin/tokens/withdrawals/:id/status (the caller checks the answer). */
export const setWithdrawalStatus = (admin: Browser, id: string, body: unknown) =>
  admin.put(`/api/admin/tokens/withdrawals/${id}/status`).send(body as object);

/** The member asks for a `loop` withdrawal of `amount` to `destination` (201). */
export async function requestLoopWithdrawal(as: Browser, amount: string, destination: Address) {
  return withdrawalSchema.parse((await as.post("/api/tokens/withdraw").send({ amount, method: "loop", destination }).expect(201)).body);
}
