// No hot rows (issue 39 §3; docs/decisions.md, "No hot rows"): the platform's fees and issuance are
// 64 rows each, a payment locks its buyer's shard of fees with the members' own accounts in one
// statement, and the platform's balance is the sum of the shards.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findOrCreateByEmail } from "../src/features/auth/account.service";
import { postPaymentInTx } from "../src/features/ledger/ledger-payments";
import { PLATFORM_SHARDS, platformBalance, shardOf } from "../src/features/ledger/ledger.service";
import { TX_QUEUED } from "../src/db/transactions";
import type { TestDatabase } from "./support/database";
import { LOOP, checkLedgerAfterEach } from "./support/ledger";
import { suiteDatabase } from "./support/suite-app";
import { sleep } from "./support/wait";

describe("platform account shards", () => {
  let db: TestDatabase;
  suiteDatabase((created) => (db = created));
  checkLedgerAfterEach(() => db.prisma);

  /** A member (with the welcome bonus's 500 promotional LOOP to spend). */
  const member = async () => (await findOrCreateByEmail(db.prisma, `shards-${randomUUID()}@example.com`)).id;

  /** A member whose payments go to `shard` of fees. */
  async function memberOnShard(shard: number): Promise<string> {
    for (;;) {
      const id = await member();
      if (shardOf(id) === shard) return id;
    }
  }

  const pay = (buyerId: string, sellerId: string) => ({
    idempotencyKey: `shards-test:${randomUUID()}`,
    kind: "purchase" as const,
    buyerId,
    sellerId,
    price: 4n * LOOP,
    fee: 1n * LOOP,
  });

  const feeShards = async () =>
    db.prisma.ledgerAccount.findMany({
      where: { kind: "fees", userId: null },
      orderBy: { shard: "asc" },
      select: { shard: true, balance: true },
    });

  it("every platform account exists, fees and issuance in 64 shards; a payment's fee goes to its buyer's shard", async () => {
    const counts = await db.prisma.ledgerAccount.groupBy({ by: ["kind"], where: { userId: null }, _count: true, orderBy: { kind: "asc" } });
    expect(Object.fromEntries(counts.map((row) => [row.kind, row._count]))).toEqual({
      chargeback_losses: 1,
      clearing: 1,
      fees: PLATFORM_SHARDS,
      issuance: PLATFORM_SHARDS,
      vault: 1,
    });
    const before = await feeShards();
    const buyer = await memberOnShard(5);
    const seller = await member();
    await db.prisma.$transaction((tx) => postPaymentInTx(tx, pay(buyer, seller)), TX_QUEUED);
    const after = await feeShards();
    expect(after.map((row, i) => row.balance - before[i]!.balance)).toEqual(
      Array.from({ length: PLATFORM_SHARDS }, (_, shard) => (shard === 5 ? 1n * LOOP : 0n)),
    );
    expect(await platformBalance(db.prisma, "fees")).toBe(after.reduce((sum, row) => sum + row.balance, 0n));
  });

  /** Pays in a transaction left open until `release` resolves (its locks held); resolves once it has paid. */
  function payAndHold(buyerId: string, sellerId: string, release: Promise<void>): { paid: Promise<void>; done: Promise<void> } {
    let paid!: () => void;
    const paidPromise = new Promise<void>((resolve) => (paid = resolve));
    const done = db.prisma.$transaction(
      async (tx) => {
        await postPaymentInTx(tx, pay(buyerId, sellerId));
        paid();
        await release;
      },
      { ...TX_QUEUED, timeout: 120_000 },
    );
    return { paid: paidPromise, done };
  }

  it("a payment open on one shard does not hold up another buyer's on another shard; on the same shard it waits", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const open = payAndHold(await memberOnShard(3), await member(), released);
    await open.paid;
    // Another buyer, another seller, another shard: it pays while the first is open.
    const elsewhere = await member().then(async (seller) => {
      let buyer = await member();
      while (shardOf(buyer) === 3) buyer = await member();
      return db.prisma.$transaction((tx) => postPaymentInTx(tx, pay(buyer, seller)), TX_QUEUED);
    });
    expect(elsewhere.created).toBe(true);
    // The same shard: its fee row is locked by the open payment until it commits.
    let sameShardPaid = false;
    const [buyerOnThree, sellerOfThree] = [await memberOnShard(3), await member()];
    const sameShard = db.prisma
      .$transaction((tx) => postPaymentInTx(tx, pay(buyerOnThree, sellerOfThree)), { ...TX_QUEUED, timeout: 120_000 })
      .then(() => (sameShardPaid = true));
    await sleep(1_000);
    expect(sameShardPaid).toBe(false);
    release();
    await open.done;
    await sameShard;
    expect(sameShardPaid).toBe(true);
  });
});
