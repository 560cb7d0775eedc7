// The ledger core without HTTP: idempotent entries, holds resolved once, immutability, the
// welcome bonus, and a checker that is proven able to fail.
import { describe, expect, it } from "vitest";
import { findOrCreateByEmail } from "../src/features/auth/account.service";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { captureHold, placeHold, releaseHold } from "../src/features/ledger/ledger-holds";
import {
  grantWelcomeBonus,
  InsufficientFunds,
  platformAccountId,
  platformBalance,
  postEntry,
  userAccountId,
  userBalance,
  WELCOME_BONUS_UNITS,
} from "../src/features/ledger/ledger.service";
import { ledgerCheckCli } from "./support/ledger-check-cli";
import { LOOP, checkLedgerAfterEach, expectLedgerCheckCliOk, postFromIssuance } from "./support/ledger";
import type { TestDatabase } from "./support/database";
import { suiteDatabase } from "./support/suite-app";

describe("ledger core", () => {
  let db: TestDatabase;
  let n = 0;
  const newUser = () => findOrCreateByEmail(db.prisma, `ledger${++n}@example.com`);
  /** A user who also bought 500 LOOP (withdrawable: the welcome bonus is promotional, on the user's other account). */
  const fundedUser = async () => {
    const user = await newUser();
    await postFromIssuance(db.prisma, {
      idempotencyKey: `fund:${user.id}`,
      kind: "admin_airdrop",
      to: { userId: user.id },
      amount: 500n * LOOP,
    });
    return user;
  };

  suiteDatabase((created) => (db = created));
  checkLedgerAfterEach(() => db.prisma);

  describe("welcome bonus", () => {
    it("a new account gets 500 LOOP from issuance, once, whatever creates it and however often", async () => {
      const user = await newUser();
      // Promotional LOOP (issue 18): spendable on loops, nothing of it withdrawable.
      expect(await userBalance(db.prisma, user.id)).toEqual({
        balance: 500n * LOOP,
        held: 0n,
        available: 500n * LOOP,
        withdrawable: 0n,
        promotional: 500n * LOOP,
        promotionalAvailable: 500n * LOOP,
      });
      // Signing in again finds the same account; granting again (as the migration's backfill does) changes nothing.
      const again = await findOrCreateByEmail(db.prisma, `ledger${n}@example.com`);
      expect(again.id).toBe(user.id);
      await grantWelcomeBonus(db.prisma, user.id);
      await Promise.all(Array.from({ length: 5 }, () => grantWelcomeBonus(db.prisma, user.id)));
      expect((await userBalance(db.prisma, user.id)).balance).toBe(WELCOME_BONUS_UNITS);
      expect(await db.prisma.ledgerEntry.count({ where: { idempotencyKey: `welcome:${user.id}` } })).toBe(1);
      expect(await platformBalance(db.prisma, "issuance")).toBeLessThanOrEqual(-WELCOME_BONUS_UNITS);
    });

    it("concurrent first sign-ins with one e-mail make one account with one bonus", async () => {
      const email = `race${++n}@example.com`;
      const users = await Promise.all(Array.from({ length: 8 }, () => findOrCreateByEmail(db.prisma, email)));
      expect(new Set(users.map((u) => u.id)).size).toBe(1);
      expect((await userBalance(db.prisma, users[0]!.id)).balance).toBe(WELCOME_BONUS_UNITS);
    });

    it("the migration's backfill keys are welcome:<user id> (re-running it posts nothing)", async () => {
      const before = await db.prisma.ledgerEntry.count();
      await db.prisma.$executeRaw`SELECT "app"."ledger_welcome"("id") FROM "app"."users"`;
      expect(await db.prisma.ledgerEntry.count()).toBe(before);
    });
  });

  describe("entries", () => {
    it("the same idempotency key posted 20 times at once makes one entry", async () => {
      const [a, b] = [await fundedUser(), await fundedUser()];
      const [from, to] = [await userAccountId(db.prisma, a.id), await userAccountId(db.prisma, b.id)];
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          postEntry(db.prisma, {
            idempotencyKey: `test:${a.id}:once`,
            kind: "user_transfer",
            postings: [
              { accountId: from, amount: -7n * LOOP },
              { accountId: to, amount: 7n * LOOP },
            ],
          }),
        ),
      );
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect((await userBalance(db.prisma, a.id)).withdrawable).toBe(493n * LOOP);
      expect((await userBalance(db.prisma, b.id)).withdrawable).toBe(507n * LOOP);
    });

    it("refuses unbalanced entries, zero postings and overdrafts of user accounts", async () => {
      const [a, b] = [await newUser(), await newUser()];
      const [from, to] = [await userAccountId(db.prisma, a.id), await userAccountId(db.prisma, b.id)];
      const post = (amounts: bigint[], key: string) =>
        postEntry(db.prisma, {
          idempotencyKey: key,
          kind: "correction",
          postings: amounts.map((amount, i) => ({ accountId: i % 2 ? to : from, amount })),
        });
      await expect(post([-5n, 4n], "bad:1")).rejects.toThrow(/sum to -1/);
      await expect(post([0n, 0n], "bad:2")).rejects.toThrow(/non-zero/);
      await expect(post([-5n], "bad:3")).rejects.toThrow(/two postings/);
      await expect(post([-(500n * LOOP + 1n), 500n * LOOP + 1n], "bad:4")).rejects.toBeInstanceOf(InsufficientFunds);
      expect(await db.prisma.ledgerEntry.count({ where: { idempotencyKey: { startsWith: "bad:" } } })).toBe(0);
    });

    it("the database refuses an unbalanced entry at commit, and a negative user balance", async () => {
      const user = await newUser();
      const account = await userAccountId(db.prisma, user.id);
      const issuance = await platformAccountId(db.prisma, "issuance");
      await expect(
        db.prisma.$transaction(async (tx) => {
          const entry = await tx.ledgerEntry.create({ data: { idempotencyKey: "raw:unbalanced", kind: "correction" } });
          await tx.ledgerPosting.createMany({
            data: [
              { entryId: entry.id, accountId: account, amount: 10n },
              { entryId: entry.id, accountId: issuance, amount: -9n },
            ],
          });
        }),
      ).rejects.toThrow(/unbalanced/);
      await expect(
        db.prisma.$transaction(async (tx) => {
          const entry = await tx.ledgerEntry.create({ data: { idempotencyKey: "raw:overdraft", kind: "correction" } });
          await tx.ledgerPosting.createMany({
            data: [
              { entryId: entry.id, accountId: account, amount: -(501n * LOOP) },
              { entryId: entry.id, accountId: issuance, amount: 501n * LOOP },
            ],
          });
        }),
      ).rejects.toThrow(/ledger_accounts_user_funds_check/);
      expect(await db.prisma.ledgerEntry.count({ where: { idempotencyKey: { startsWith: "raw:" } } })).toBe(0);
    });

    it("entries and postings are immutable", async () => {
      const user = await newUser();
      const entry = await db.prisma.ledgerEntry.findUniqueOrThrow({
        where: { idempotencyKey: `welcome:${user.id}` },
        include: { postings: true },
      });
      // In SQL: through its query layer, Prisma reports the trigger's restrict_violation (23001) as P2003, a
      // foreign key error, without the database's message.
      await expect(
        db.prisma.$executeRaw`UPDATE "app"."ledger_entries" SET "description" = 'changed' WHERE "id" = ${entry.id}::uuid`,
      ).rejects.toThrow(/immutable/);
      await expect(db.prisma.$executeRaw`DELETE FROM "app"."ledger_entries" WHERE "id" = ${entry.id}::uuid`).rejects.toThrow(/immutable/);
      await expect(db.prisma.ledgerEntry.update({ where: { id: entry.id }, data: { description: "changed" } })).rejects.toThrow();
      await expect(db.prisma.ledgerPosting.update({ where: { id: entry.postings[0]!.id }, data: { amount: 1n } })).rejects.toThrow(
        /immutable/,
      );
      await expect(db.prisma.$executeRaw`DELETE FROM "app"."ledger_postings" WHERE "entry_id" = ${entry.id}::uuid`).rejects.toThrow(
        /immutable/,
      );
      expect((await userBalance(db.prisma, user.id)).balance).toBe(WELCOME_BONUS_UNITS);
    });
  });

  describe("holds", () => {
    it("reserve the available balance and resolve exactly once", async () => {
      const user = await fundedUser();
      const account = await userAccountId(db.prisma, user.id);
      const clearing = await platformAccountId(db.prisma, "clearing");
      const hold = await placeHold(db.prisma, account, 300n * LOOP, "withdrawal");
      expect(await userBalance(db.prisma, user.id)).toMatchObject({ held: 300n * LOOP, withdrawable: 200n * LOOP });
      await expect(placeHold(db.prisma, account, 200n * LOOP + 1n, "withdrawal")).rejects.toBeInstanceOf(InsufficientFunds);

      // Captured once, even when asked 10 times at once.
      const captured = await Promise.all(
        Array.from({ length: 10 }, () => captureHold(db.prisma, hold.id, clearing, "withdrawal", "Withdrawal")),
      );
      expect(new Set(captured.map((h) => h.entryId)).size).toBe(1);
      expect(captured.every((h) => h.state === "captured")).toBe(true);
      expect(await userBalance(db.prisma, user.id)).toMatchObject({ held: 0n, withdrawable: 200n * LOOP });
      await expect(releaseHold(db.prisma, hold.id)).rejects.toThrow(/captured/);
      // The database refuses reopening or changing a resolved hold.
      await expect(
        db.prisma.$executeRaw`UPDATE "app"."ledger_holds" SET "state" = 'open', "resolved_at" = NULL WHERE "id" = ${hold.id}::uuid`,
      ).rejects.toThrow(/already captured/);
      await expect(db.prisma.$executeRaw`UPDATE "app"."ledger_holds" SET "amount" = 1 WHERE "id" = ${hold.id}::uuid`).rejects.toThrow(
        /never change/,
      );

      const second = await placeHold(db.prisma, account, 150n * LOOP, "withdrawal");
      const released = await Promise.all(Array.from({ length: 5 }, () => releaseHold(db.prisma, second.id)));
      expect(released.every((h) => h.state === "released")).toBe(true);
      await expect(captureHold(db.prisma, second.id, clearing, "withdrawal")).rejects.toThrow(/released/);
      expect(await userBalance(db.prisma, user.id)).toMatchObject({ held: 0n, withdrawable: 200n * LOOP });
    });

    it("a held amount cannot be sent", async () => {
      const [a, b] = [await fundedUser(), await newUser()];
      const [from, to] = [await userAccountId(db.prisma, a.id), await userAccountId(db.prisma, b.id)];
      await placeHold(db.prisma, from, 450n * LOOP, "withdrawal");
      const send = (amount: bigint, key: string) =>
        postEntry(db.prisma, {
          idempotencyKey: key,
          kind: "user_transfer",
          postings: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        });
      await expect(send(50n * LOOP + 1n, `held:${a.id}:1`)).rejects.toBeInstanceOf(InsufficientFunds);
      await send(50n * LOOP, `held:${a.id}:2`);
      expect(await userBalance(db.prisma, a.id)).toMatchObject({ held: 450n * LOOP, withdrawable: 0n });
    });
  });

  describe("the checker", () => {
    it("pnpm ledger:check exits 0 on a sound ledger and 1 with the list of violations", async () => {
      const user = await fundedUser();
      const account = await userAccountId(db.prisma, user.id);
      await expectLedgerCheckCliOk(db.url);
      await db.prisma.$executeRaw`UPDATE "app"."ledger_accounts" SET "balance" = "balance" + 7 WHERE "id" = ${account}::uuid`;
      const broken = await ledgerCheckCli(db.url);
      await db.prisma.$executeRaw`UPDATE "app"."ledger_accounts" SET "balance" = "balance" - 7 WHERE "id" = ${account}::uuid`;
      expect(broken.code).toBe(1);
      expect(broken.output).toContain(`- cached balance differs from the sum of postings: ${account} (50000000007 cached vs 50000000000)`);
      expect(broken.output).toContain("LOOP in accounts does not add up to zero");
    });

    it("reports a corrupted cached balance, a wrong held amount and an unbalanced entry", async () => {
      const user = await fundedUser();
      const account = await userAccountId(db.prisma, user.id);
      await db.prisma.$executeRaw`UPDATE "app"."ledger_accounts" SET "balance" = "balance" + 1 WHERE "id" = ${account}::uuid`;
      let violations = await checkLedger(db.prisma);
      expect(violations.map((v) => v.check)).toContain("cached balance differs from the sum of postings");
      expect(violations.find((v) => v.check.startsWith("cached balance"))?.subject).toBe(account);
      await db.prisma.$executeRaw`UPDATE "app"."ledger_accounts" SET "balance" = "balance" - 1, "held" = 5 WHERE "id" = ${account}::uuid`;
      violations = await checkLedger(db.prisma);
      expect(violations.map((v) => v.check)).toEqual(["cached held differs from the sum of open holds"]);
      await db.prisma.$executeRaw`UPDATE "app"."ledger_accounts" SET "held" = 0 WHERE "id" = ${account}::uuid`;
      expect(await checkLedger(db.prisma)).toEqual([]);

      // An unbalanced entry, written with the triggers off (as a buggy import might).
      const issuance = await platformAccountId(db.prisma, "issuance");
      await db.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
        const entry = await tx.ledgerEntry.create({ data: { idempotencyKey: "broken:1", kind: "correction" } });
        await tx.ledgerPosting.createMany({
          data: [
            { entryId: entry.id, accountId: account, amount: 3n },
            { entryId: entry.id, accountId: issuance, amount: -2n },
          ],
        });
      });
      violations = await checkLedger(db.prisma);
      expect(violations.map((v) => v.check)).toEqual(
        expect.arrayContaining([
          "entry postings do not sum to zero (or fewer than two postings)",
          "cached balance differs from the sum of postings",
        ]),
      );
      // Clean up the deliberate damage with the triggers off again.
      await db.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
        await tx.$executeRaw`DELETE FROM "app"."ledger_postings" WHERE "entry_id" IN (SELECT "id" FROM "app"."ledger_entries" WHERE "idempotency_key" = 'broken:1')`;
        await tx.$executeRaw`DELETE FROM "app"."ledger_entries" WHERE "idempotency_key" = 'broken:1'`;
      });
    });
  });
});
