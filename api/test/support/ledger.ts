// Ledger steps that the ledger and upload-reward tests (and any other) share: LOOP in ledger units,
// an entry paid out of the platform's issuance account, the checker after every test, the checker's
// findings about one subject, and `pnpm ledger:check` passing.
import { afterEach, expect } from "vitest";
import type { PrismaClient } from "../../src/db/prisma";
import { checkLedger } from "../../src/features/ledger/ledger-check";
import { platformAccountId, postEntry, type EntryKind, type PostingInput } from "../../src/features/ledger/ledger.service";
import { ledgerCheckCli } from "./ledger-check-cli";

/** 1 LOOP in ledger units (10⁻⁸). */
export const LOOP = 10n ** 8n;

/** Fails every test that leaves the ledger unsound: checkLedger after each test (`prisma` is read then). */
export function checkLedgerAfterEach(prisma: () => PrismaClient): void {
  afterEach(async () => {
    expect(await checkLedger(prisma())).toEqual([]);
  });
}

/** One entry of `kind` moving `amount` from the issuance account to `to` (an account, or a user's main account). */
export async function postFromIssuance(
  prisma: PrismaClient,
  { idempotencyKey, kind, to, amount }: { idempotencyKey: string; kind: EntryKind; to: Omit<PostingInput, "amount">; amount: bigint },
) {
  const issuance = await platformAccountId(prisma, "issuance");
  return postEntry(prisma, {
    idempotencyKey,
    kind,
    postings: [{ accountId: issuance, amount: -amount }, { ...to, amount } as PostingInput],
  });
}

/** The checks checkLedger finds failing for `subject` (an account, an entry, a member's day…). */
export async function violationsOf(prisma: PrismaClient, subject: string): Promise<string[]> {
  return (await checkLedger(prisma)).filter((v) => v.subject === subject).map((v) => v.check);
}

/** `pnpm ledger:check` on the database at `databaseUrl` exits 0 and says ok. */
export async function expectLedgerCheckCliOk(databaseUrl: string): Promise<void> {
  const checked = await ledgerCheckCli(databaseUrl);
  expect(checked.output).toMatch(/^ledger:check: ok \(\d+ entries, \d+ accounts\)/);
  expect(checked.code).toBe(0);
}
