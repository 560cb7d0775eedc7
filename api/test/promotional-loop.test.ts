// Promotional LOOP (issue 18) through the HTTP API: the welcome bonus and level rewards pay for loops
// (purchases, offers; promotional LOOP first) but never leave the platform, by a transfer or a
// withdrawal; a sale paid with them credits the seller promotional LOOP, so funnelling bonuses
// through purchases gains nothing withdrawable. XP for offer actions cannot be farmed either.
// ledger:check proves the split (and is shown able to fail); existing members are reclassified by
// the migration.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { negotiationSchema } from "@loop/rules/schemas/negotiations";
import { promotionalRefusalMessage, TOKEN_MESSAGES, tokenBalanceSchema, transferListSchema } from "@loop/rules/schemas/tokens";
import { WITHDRAWAL_MESSAGES } from "@loop/rules/schemas/withdrawals";
import { formatLoop } from "@loop/rules/units";
import { describe, expect, it } from "vitest";
import { defaultMigrationsDir, migrate } from "../src/db/migrate";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { captureHold, placeHold } from "../src/features/ledger/ledger-holds";
import { platformAccountId, postEntry, promoAccountId, userAccountId, userBalance } from "../src/features/ledger/ledger.service";
import { listTransfers } from "../src/features/tokens/tokens.service";
import { createTestDatabase } from "./support/database";
import { createListedLoop } from "./support/listed-loop";
import { fundMember, signInMember } from "./support/members";
import { newAccount } from "./support/siwe";
import { type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

const LOOP = 10n ** 8n;
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const MIGRATION = "20261126140000_promotional_loop";

describe("promotional LOOP", () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof signInMember>>;
  const balance = async (member: Member) => tokenBalanceSchema.parse((await member.browser.get("/api/tokens/balance").expect(200)).body);
  const send = (from: Member, toUserId: string, amount: string) => from.browser.post("/api/tokens/transfer").send({ toUserId, amount });
  const withdraw = (member: Member, amount: string) =>
    member.browser.post("/api/tokens/withdraw").send({ amount, method: "crypto_eth", destination: ETH });
  const buy = (member: Member, loopId: string, format: "mp3" | "wav" = "mp3") =>
    member.browser.post("/api/purchases").send({ loopId, format, paymentMethod: "loop" });
  const offer = (member: Member, body: object) => member.browser.post("/api/negotiations").send(body);
  const respond = (member: Member, id: string, body: object) => member.browser.put(`/api/negotiations/${id}/respond`).send(body);
  const xpOf = async (member: Member) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).experience;
  const listed = (seller: Member, priceCents: number, title = "Loop") => createListedLoop(t.db.prisma, seller.id, title, priceCents);
  /** Postings of an entry as [account kind, whose, amount], sorted. */
  const postingsOf = async (entryId: string, names: Record<string, string>) =>
    (await t.db.prisma.ledgerPosting.findMany({ where: { entryId }, include: { account: true } }))
      .map((p) => [p.account.kind, p.account.userId ? names[p.account.userId] : null, p.amount] as const)
      .sort((a, b) => (`${a[0]}:${a[1]}` < `${b[0]}:${b[1]}` ? -1 : 1));

  // ledger:check: among its checks, no promotional LOOP in a withdrawal or a transfer.
  ledgerCheckedApp((app) => (t = app));

  it("20 fresh wallets funnel every bonus to one account by transfers and by buying its loops: not one promotional LOOP can be sent or withdrawn", async () => {
    const hub = await signInMember(t);
    const outsider = await signInMember(t);
    // $0.98 + the 2% MP3 fee (2¢) = $1.00 = 500 LOOP: exactly a welcome bonus.
    const loopId = await listed(hub, 98, "Funnel");
    const wallets: Member[] = [];
    for (let i = 0; i < 20; i++) wallets.push(await signInMember(t));

    for (const wallet of wallets) {
      expect(await balance(wallet)).toEqual({
        balance: "500.00000000",
        available: "500.00000000",
        held: "0.00000000",
        withdrawable: "0.00000000",
        promotional: "500.00000000",
      });
      // A transfer of the bonus, or of any part of it, is refused and says why.
      for (const amount of ["500", "0.00000001"]) {
        const sent = await send(wallet, hub.id, amount);
        expect({ amount, status: sent.status, body: sent.body }).toMatchObject({
          amount,
          status: 400,
          body: { message: promotionalRefusalMessage("send", "0") },
        });
      }
      // So is a withdrawal of it.
      expect((await withdraw(wallet, "500")).body).toMatchObject({ message: promotionalRefusalMessage("withdraw", "0") });
      // Buying the hub's loop spends it all.
      const bought = await buy(wallet, loopId);
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      expect(bought.body).toMatchObject({ method: "loop", loopAmount: "500.00000000" });
      expect(await balance(wallet)).toMatchObject({ balance: "0.00000000", promotional: "0.00000000" });
    }

    // The hub holds its own bonus, 20 × 490 LOOP of sales (the 10 LOOP fee of each went to the
    // platform) and the level rewards of the sales' XP (10 each), every unit of it promotional.
    expect(await xpOf(hub)).toBe(20 * 10);
    const rewards = (await t.db.prisma.levelReward.findMany({ where: { userId: hub.id } })).reduce(
      (sum, reward) => sum + reward.tokensAwarded,
      0n,
    );
    expect(rewards).toBeGreaterThan(0n);
    const held = formatLoop(10_300n * LOOP + rewards);
    const funnelled = { balance: held, available: held, held: "0.00000000", withdrawable: "0.00000000", promotional: held };
    expect(await balance(hub)).toEqual(funnelled);
    expect(
      transferListSchema.parse((await hub.browser.get("/api/tokens/transfers").expect(200)).body).filter((x) => x.transferType === "sale"),
    ).toHaveLength(20);
    // Not a single promotional LOOP leaves: not one unit sent, not the minimum withdrawn, not all of it, not even when asked all at once.
    const attempts = await Promise.all([
      ...["0.00000001", "1", held].map((amount) => send(hub, outsider.id, amount)),
      ...["10", held].map((amount) => withdraw(hub, amount)),
      ...Array.from({ length: 10 }, () => send(hub, outsider.id, "100")),
      ...Array.from({ length: 10 }, () => withdraw(hub, "100")),
    ]);
    for (const attempt of attempts) {
      const action = attempt.request.url.endsWith("/withdraw") ? "withdraw" : "send";
      expect({ status: attempt.status, body: attempt.body }).toMatchObject({
        status: 400,
        body: { message: promotionalRefusalMessage(action, "0") },
      });
    }
    expect(await balance(hub)).toEqual(funnelled);
    expect(await balance(outsider)).toMatchObject({ balance: "500.00000000", withdrawable: "0.00000000" });
    expect(await t.db.prisma.withdrawal.count({ where: { userId: hub.id } })).toBe(0);
    const outgoing = await t.db.prisma.ledgerEntry.count({
      where: {
        kind: { in: ["user_transfer", "withdrawal"] },
        postings: { some: { account: { userId: { in: [hub.id, ...wallets.map((w) => w.id)] } } } },
      },
    });
    expect(outgoing).toBe(0);

    // It still pays for loops: the hub buys the outsider's loop with it, and the outsider gets promotional LOOP.
    const outsiderLoop = await listed(outsider, 1000, "Outsider");
    await buy(hub, outsiderLoop).expect(201);
    const left = formatLoop(5_200n * LOOP + rewards);
    expect(await balance(hub)).toMatchObject({ balance: left, withdrawable: "0.00000000", promotional: left });
    expect(await balance(outsider)).toMatchObject({ balance: "5500.00000000", withdrawable: "0.00000000", promotional: "5500.00000000" });
  });

  it("a purchase takes promotional LOOP first; the seller gets that part as promotional LOOP and the rest withdrawable", async () => {
    const [buyer, seller] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 300n);
    // $1.50 WAV: 4% fee = 6¢, $1.56 = 780 LOOP: the 500 promotional LOOP and 280 bought LOOP.
    const loopId = await listed(seller, 150);
    const bought = await buy(buyer, loopId, "wav").expect(201);
    expect(bought.body).toMatchObject({ loopAmount: "780.00000000" });
    expect(await balance(buyer)).toEqual({
      balance: "20.00000000",
      available: "20.00000000",
      held: "0.00000000",
      withdrawable: "20.00000000",
      promotional: "0.00000000",
    });
    // 750 LOOP for the seller: 500 of it promotional (as paid), 250 withdrawable; the 30 LOOP fee from the bought part.
    expect(await balance(seller)).toEqual({
      balance: "1250.00000000",
      available: "1250.00000000",
      held: "0.00000000",
      withdrawable: "250.00000000",
      promotional: "1000.00000000",
    });
    const purchase = await t.db.prisma.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, loopId } });
    expect(await postingsOf(purchase.ledgerEntryId!, { [buyer.id]: "buyer", [seller.id]: "seller" })).toEqual([
      ["fees", null, 30n * LOOP],
      ["user", "buyer", -280n * LOOP],
      ["user", "seller", 250n * LOOP],
      ["user_promo", "buyer", -500n * LOOP],
      ["user_promo", "seller", 500n * LOOP],
    ]);
    // One line each in the histories, whatever accounts paid.
    const buyerSide = transferListSchema.parse((await buyer.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(buyerSide[0]).toMatchObject({ transferType: "purchase", direction: "out", amount: "780.00000000", toUserId: seller.id });
    const sellerSide = transferListSchema.parse((await seller.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(sellerSide[0]).toMatchObject({ transferType: "sale", direction: "in", amount: "750.00000000", fromUserId: buyer.id });

    // The seller withdraws the withdrawable part, and no more (told why).
    await withdraw(seller, "250").expect(201);
    expect((await withdraw(seller, "10")).body).toMatchObject({ message: promotionalRefusalMessage("withdraw", "0") });
    expect((await send(seller, buyer.id, "1")).body).toMatchObject({ message: promotionalRefusalMessage("send", "0") });
    // A member without promotional LOOP gets the spec's refusals.
    expect((await send(buyer, seller.id, "20.00000001")).body).toMatchObject({ message: TOKEN_MESSAGES.insufficient });
    expect((await withdraw(buyer, "20.00000001")).body).toMatchObject({ message: WITHDRAWAL_MESSAGES.insufficient });
    await send(buyer, seller.id, "20").expect(201);
  });

  it("an offer holds promotional LOOP first and its sale credits it as promotional LOOP; what is left can be withdrawn meanwhile", async () => {
    const [buyer, seller] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 1000n);
    const loopId = await listed(seller, 500);
    // $2.00 + 2% = $2.04 = 1,020 LOOP held: the 500 promotional and 520 of the 1,000 bought.
    const made = await offer(buyer, { loopId, format: "mp3", offerAmount: "2.00" }).expect(201);
    const sent = negotiationSchema.parse(made.body);
    expect(sent.heldLoop).toBe("1020.00000000");
    expect(await balance(buyer)).toEqual({
      balance: "1500.00000000",
      available: "480.00000000",
      held: "1020.00000000",
      withdrawable: "480.00000000",
      promotional: "500.00000000",
    });
    expect((await withdraw(buyer, "480.00000001")).body).toMatchObject({ message: promotionalRefusalMessage("withdraw", "480") });

    const accepted = await respond(seller, sent.id, { action: "accept", version: sent.version }).expect(200);
    expect(accepted.body).toMatchObject({ status: "accepted", heldLoop: null });
    expect(await balance(buyer)).toEqual({
      balance: "480.00000000",
      available: "480.00000000",
      held: "0.00000000",
      withdrawable: "480.00000000",
      promotional: "0.00000000",
    });
    expect(await balance(seller)).toEqual({
      balance: "1500.00000000",
      available: "1500.00000000",
      held: "0.00000000",
      withdrawable: "500.00000000",
      promotional: "1000.00000000",
    });
    // Both holds captured by the one sale entry.
    const negotiation = await t.db.prisma.negotiation.findUniqueOrThrow({
      where: { id: sent.id },
      include: { hold: true, promoHold: true, purchase: true },
    });
    expect([negotiation.promoHold!.amount, negotiation.hold!.amount]).toEqual([500n * LOOP, 520n * LOOP]);
    expect([negotiation.promoHold!.state, negotiation.hold!.state]).toEqual(["captured", "captured"]);
    expect(negotiation.promoHold!.entryId).toBe(negotiation.purchase!.ledgerEntryId);
    expect(negotiation.hold!.entryId).toBe(negotiation.purchase!.ledgerEntryId);
    // A sale of $2: the seller's accept earns XP (offer answers earn it only when the offer ends in a paid sale).
    expect(await xpOf(seller)).toBe(15 + 10 + 2);
    expect(await xpOf(buyer)).toBe(5 + 5 + 2);
  });

  it("offer answers earn XP only when the offer ends in a paid sale, and from one counterpart at most once in 24 hours", async () => {
    const [buyer, seller] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 20_000n);
    const [one, two, three, cheap] = [
      await listed(seller, 500, "One"),
      await listed(seller, 500, "Two"),
      await listed(seller, 500, "Three"),
      await listed(seller, 90, "Cheap"),
    ];
    const make = async (loopId: string, offerAmount: string) =>
      negotiationSchema.parse((await offer(buyer, { loopId, format: "mp3", offerAmount }).expect(201)).body);

    // The first offer to this seller earns the buyer 5 XP; the next, on another of the seller's loops the same day, nothing.
    const first = await make(one, "2.00");
    expect(await xpOf(buyer)).toBe(5);
    const second = await make(two, "2.00");
    expect(await xpOf(buyer)).toBe(5);

    // A reject, and a counter that is not accepted yet, earn the seller nothing.
    await respond(seller, first.id, { action: "reject", version: first.version }).expect(200);
    const countered = negotiationSchema.parse(
      (await respond(seller, second.id, { action: "counter", counterOffer: "3.00", version: second.version }).expect(200)).body,
    );
    expect(await xpOf(seller)).toBe(0);
    // Accepted: a $3 sale. The seller's counter earns its 8 XP now, beside the sale's 10 + 3.
    await respond(buyer, countered.id, { action: "accept", version: countered.version }).expect(200);
    expect(await xpOf(seller)).toBe(8 + 13);
    expect(await xpOf(buyer)).toBe(5 + 8);

    // Another sale between them the same day: the sale's XP, but no second offer action's (the seller's accept, the buyer's offer).
    const third = await make(three, "2.00");
    await respond(seller, third.id, { action: "accept", version: third.version }).expect(200);
    expect(await xpOf(seller)).toBe(21 + 12);
    expect(await xpOf(buyer)).toBe(13 + 7);

    // A day later offer actions count again, and a sale under $1 earns its answer and the sale their XP
    // (issue 22: no price threshold; the rewards XP brings are promotional LOOP).
    await t.db.prisma.xpEvent.updateMany({
      where: { userId: { in: [buyer.id, seller.id] } },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    const small = await make(cheap, "0.50");
    expect(await xpOf(buyer)).toBe(20 + 5);
    await respond(seller, small.id, { action: "accept", version: small.version }).expect(200);
    expect(await xpOf(seller)).toBe(33 + 15 + 10);
    expect(await xpOf(buyer)).toBe(25 + 5);
  });

  it("level rewards are promotional LOOP", async () => {
    const [buyer, seller] = [await signInMember(t), await signInMember(t)];
    await fundMember(t, buyer.id, 50_000n);
    // A $90 sale earns the seller 10 + 90 = 100 XP: level 2, whose 100 LOOP reward is promotional.
    await buy(buyer, await listed(seller, 9000, "Big")).expect(201);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).level).toBe(2);
    // $91.80 = 45,900 LOOP paid: the buyer's 500 promotional LOOP first. The seller's 45,000:
    // 500 promotional, 44,500 withdrawable; with their own bonus and the reward, 1,100 promotional.
    expect(await balance(seller)).toEqual({
      balance: "45600.00000000",
      available: "45600.00000000",
      held: "0.00000000",
      withdrawable: "44500.00000000",
      promotional: "1100.00000000",
    });
    const reward = await t.db.prisma.levelReward.findFirstOrThrow({ where: { userId: seller.id, level: 2 } });
    expect(await postingsOf(reward.entryId, { [seller.id]: "seller" })).toEqual([
      ["issuance", null, -100n * LOOP],
      ["user_promo", "seller", 100n * LOOP],
    ]);
    expect((await withdraw(seller, "44500.00000001")).body).toMatchObject({ message: promotionalRefusalMessage("withdraw", "44500") });
  });
});

describe("ledger:check proves the split", () => {
  it("reports promotional LOOP in a transfer or a withdrawal, turned withdrawable by a purchase, or a reward credited as withdrawable", async () => {
    const db = await createTestDatabase();
    try {
      const member = async (name: string) =>
        (await db.prisma.user.create({ data: { username: `${name}_${newAccount().address.slice(2, 10).toLowerCase()}` } })).id;
      const [a, b, c, d] = [await member("a"), await member("b"), await member("c"), await member("d")];
      expect(await checkLedger(db.prisma)).toEqual([]);
      const issuance = await platformAccountId(db.prisma, "issuance");
      const clearing = await platformAccountId(db.prisma, "clearing");
      const violation = async (entryId: string) => (await checkLedger(db.prisma)).filter((v) => v.subject === entryId).map((v) => v.check);

      // A transfer out of a promotional account (bypassing the API, which never posts one).
      const transfer = await postEntry(db.prisma, {
        idempotencyKey: "bad:transfer",
        kind: "user_transfer",
        postings: [
          { accountId: await promoAccountId(db.prisma, a), amount: -LOOP },
          { accountId: await userAccountId(db.prisma, b), amount: LOOP },
        ],
      });
      expect(await violation(transfer.id)).toEqual(expect.arrayContaining(["promotional LOOP in a withdrawal or a transfer"]));

      // A withdrawal held on, and captured from, a promotional account.
      const hold = await placeHold(db.prisma, await promoAccountId(db.prisma, b), 10n * LOOP, "withdrawal:bad");
      const captured = await captureHold(db.prisma, hold.id, clearing, "withdrawal", "Withdrawal");
      expect(await violation(captured.entryId!)).toEqual(expect.arrayContaining(["promotional LOOP in a withdrawal or a transfer"]));

      // A purchase paid with promotional LOOP crediting the seller withdrawable LOOP.
      const purchase = await postEntry(db.prisma, {
        idempotencyKey: "bad:purchase",
        kind: "purchase",
        postings: [
          { accountId: await promoAccountId(db.prisma, c), amount: -100n * LOOP },
          { accountId: await userAccountId(db.prisma, d), amount: 100n * LOOP },
        ],
      });
      expect(await violation(purchase.id)).toEqual(["promotional LOOP turned withdrawable, or created other than by a bonus or a reward"]);

      // A level reward credited as withdrawable LOOP.
      const reward = await postEntry(db.prisma, {
        idempotencyKey: "bad:reward",
        kind: "level_reward",
        postings: [
          { accountId: issuance, amount: -100n * LOOP },
          { accountId: await userAccountId(db.prisma, d), amount: 100n * LOOP },
        ],
      });
      expect(await violation(reward.id)).toEqual(["welcome bonus or level reward credited as withdrawable LOOP"]);
    } finally {
      await db.drop();
    }
  });
});

describe("the migration of existing members", () => {
  it("reclassifies the bonuses and rewards they still have as promotional LOOP, less what they spent on loops", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "loop-promo-migration-"));
    const db = await createTestDatabase({ migrated: false });
    try {
      // The database as it was before this migration.
      const before = path.join(scratch, "before");
      // Every migration before this one (the later ones come after it, as in production).
      const migrationName = (source: string) => path.relative(defaultMigrationsDir(), source).split(path.sep)[0]!;
      cpSync(defaultMigrationsDir(), before, {
        recursive: true,
        filter: (source) => !/^\d{14}_/.test(migrationName(source)) || migrationName(source) < MIGRATION,
      });
      await migrate({ databaseUrl: db.url, migrationsDir: before });
      const sql = db.prisma.$executeRawUnsafe.bind(db.prisma);
      const user = async (name: string) =>
        (
          await db.prisma.$queryRawUnsafe<{ id: string }[]>(
            `INSERT INTO "app"."users" ("username") VALUES ('${name}') RETURNING "id"::text`,
          )
        )[0]!.id;
      const account = async (id: string) =>
        (await db.prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT "app"."ledger_user_account"('${id}')::text AS "id"`))[0]!.id;
      const platform = async (kind: string) => {
        await sql(
          `INSERT INTO "app"."ledger_accounts" ("kind") VALUES ('${kind}') ON CONFLICT ("kind") WHERE "user_id" IS NULL DO NOTHING`,
        );
        return (
          await db.prisma.$queryRawUnsafe<{ id: string }[]>(
            `SELECT "id"::text FROM "app"."ledger_accounts" WHERE "kind" = '${kind}' AND "user_id" IS NULL`,
          )
        )[0]!.id;
      };
      const post = (key: string, kind: string, moves: [string, bigint][]) =>
        db.prisma.$queryRawUnsafe(
          `SELECT "entry_id"::text FROM "app"."ledger_post"('${key}', '${kind}', NULL, ARRAY[${moves.map(([id]) => `'${id}'::uuid`).join(",")}], ARRAY[${moves.map(([, amount]) => amount).join(",")}]::bigint[])`,
        );
      const [issuance, fees] = [await platform("issuance"), await platform("fees")];
      const [onlyBonus, buyer, leveller, receiver, seller] = [
        await user("only_bonus"),
        await user("buyer"),
        await user("leveller"),
        await user("receiver"),
        await user("seller"),
      ];
      // buyer: bought 1,000, spent 300 of their 1,500 on a loop → 200 of the bonus left.
      await post("order", "admin_airdrop", [
        [issuance, -1000n * LOOP],
        [await account(buyer), 1000n * LOOP],
      ]);
      await post("buy", "purchase", [
        [await account(buyer), -300n * LOOP],
        [await account(seller), 294n * LOOP],
        [fees, 6n * LOOP],
      ]);
      // leveller: a 100 LOOP level reward, then sent 550 away → 50 left, all of it bonus.
      await post("level", "level_reward", [
        [issuance, -100n * LOOP],
        [await account(leveller), 100n * LOOP],
      ]);
      await post("send", "user_transfer", [
        [await account(leveller), -550n * LOOP],
        [await account(receiver), 550n * LOOP],
      ]);
      // seller: a pending withdrawal holds 700 of their 794: only 94 are available to reclassify.
      await sql(
        `INSERT INTO "app"."ledger_holds" ("account_id", "amount", "reason") VALUES ('${await account(seller)}', ${700n * LOOP}, 'withdrawal:old')`,
      );

      await migrate({ databaseUrl: db.url });

      const parts = async (id: string) => {
        const { withdrawable, promotional, held, balance } = await userBalance(db.prisma, id);
        return { balance: balance / LOOP, held: held / LOOP, withdrawable: withdrawable / LOOP, promotional: promotional / LOOP };
      };
      expect(await parts(onlyBonus)).toEqual({ balance: 500n, held: 0n, withdrawable: 0n, promotional: 500n });
      expect(await parts(buyer)).toEqual({ balance: 1200n, held: 0n, withdrawable: 1000n, promotional: 200n });
      expect(await parts(leveller)).toEqual({ balance: 50n, held: 0n, withdrawable: 0n, promotional: 50n });
      // LOOP received from another member stays withdrawable; their own bonus is promotional.
      expect(await parts(receiver)).toEqual({ balance: 1050n, held: 0n, withdrawable: 550n, promotional: 500n });
      expect(await parts(seller)).toEqual({ balance: 794n, held: 700n, withdrawable: 0n, promotional: 94n });
      // Balanced entries with their own keys, invisible in the members' histories, and the ledger is sound.
      expect(await db.prisma.ledgerEntry.count({ where: { kind: "promotional_split" } })).toBe(5);
      expect(await db.prisma.ledgerEntry.count({ where: { idempotencyKey: `promotional-split:${buyer}` } })).toBe(1);
      expect((await listTransfers(db.prisma, buyer)).map((x) => [x.transferType, x.amount])).toEqual([
        ["purchase", "300.00000000"],
        ["admin_airdrop", "1000.00000000"],
        ["reward", "500.00000000"],
      ]);
      expect(await checkLedger(db.prisma)).toEqual([]);
      // New members get their bonus as promotional LOOP from now on.
      const newcomer = await user("newcomer");
      expect(await parts(newcomer)).toEqual({ balance: 500n, held: 0n, withdrawable: 0n, promotional: 500n });
      expect(await checkLedger(db.prisma)).toEqual([]);
    } finally {
      await db.drop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
