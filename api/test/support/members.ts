// A member signed in with a wallet (Sign-In with Ethereum), as the browser would be: the agent keeps the session cookie.
// Every API test signs its members in through here.
import { randomUUID } from "node:crypto";
import type { LocalAccount } from "viem";
import { platformAccountId, postEntry } from "../../src/features/ledger/ledger.service";
import { newAccount, walletSignIn } from "./siwe";
import { browser, setCookie, type TestApp } from "./test-app";

export interface MemberOptions {
  /** Set on the account afterwards (wallet sign-in makes accounts without one). */
  email?: string;
  /** The wallet that signs in (a new one by default). */
  account?: LocalAccount;
  /** Whole LOOP put into the member's in-app balance after sign-in (fundMember: withdrawable, unlike the welcome bonus). */
  funds?: bigint;
}

/** `options`: an e-mail address, or MemberOptions. */
export async function signInMember(t: TestApp, options: string | MemberOptions = {}) {
  const { email, account = newAccount(), funds } = typeof options === "string" ? { email: options } : options;
  const agent = browser(t.app);
  const response = await walletSignIn(agent, account);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  const id = response.body.id as string;
  if (email) await t.db.prisma.user.update({ where: { id }, data: { email } });
  if (funds) await fundMember(t, id, funds);
  /** `loop_session=…`, for requests made without the agent. */
  const cookie = setCookie(response, "loop_session")!.split(";")[0]!;
  return { browser: agent, id, account, cookie };
}

export type Member = Awaited<ReturnType<typeof signInMember>>;

/** A member made an admin (straight in the database) once signed in. */
export async function signInAdmin(t: TestApp, options: string | MemberOptions = {}): Promise<Member> {
  const member = await signInMember(t, options);
  await t.db.prisma.user.update({ where: { id: member.id }, data: { isAdmin: true } });
  return member;
}

/** Whole `loop` LOOP from the platform's issuance into the member's in-app balance (as an admin's airdrop would). */
export async function fundMember(t: Pick<TestApp, "db">, userId: string, loop: bigint | string): Promise<void> {
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
