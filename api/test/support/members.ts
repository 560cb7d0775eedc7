// A member signed in with a new wallet (Sign-In with Ethereum), as the browser would be: the agent keeps the session cookie.
import { randomUUID } from "node:crypto";
import { platformAccountId, postEntry } from "../../src/features/ledger/ledger.service";
import { newAccount, walletSignIn } from "./siwe";
import { browser, type TestApp } from "./test-app";

/** `email`: set on the account afterwards (wallet sign-in makes accounts without one). */
export async function signInMember(t: TestApp, email?: string) {
  const agent = browser(t.app);
  const response = await walletSignIn(agent, newAccount());
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  const id = response.body.id as string;
  if (email) await t.db.prisma.user.update({ where: { id }, data: { email } });
  return { browser: agent, id };
}

/** Whole `loop` LOOP from the platform's issuance into the member's in-app balance (as an admin's airdrop would). */
export async function fundMember(t: TestApp, userId: string, loop: bigint | string): Promise<void> {
  const units = BigInt(loop) * 10n ** 8n;
  const issuance = await platformAccountId(t.db.prisma, "issuance");
  await postEntry(t.db.prisma, {
    idempotencyKey: `test-fund:${randomUUID()}`,
    kind: "admin_airdrop",
    postings: [
      { accountId: issuance, amount: -units },
      { userId, amount: units },
    ],
  });
}
