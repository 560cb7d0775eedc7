// The admin's notifications (to one user; to all through the broadcast job, exactly one copy each,
// however often a batch runs), the level overview, the stats' on-chain vault balance, and the
// audit entries of the earlier admin actions (token orders, vault deposit, withdrawals).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { LEVEL_TITLES } from "@loop/rules/levels";
import { adminStatsSchema } from "@loop/rules/schemas/admin";
import { adminLevelOverviewSchema } from "@loop/rules/schemas/admin-levels";
import { NOTIFICATION_MESSAGES, adminNotificationResponseSchema } from "@loop/rules/schemas/notifications";
import { createPublicClient, createWalletClient, getAddress, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fanOutBatch, fanOutBroadcast, startBroadcastWorker, BROADCAST_QUEUE } from "../src/features/admin/notification-broadcast";
import { awardXp } from "../src/features/levels/award-xp";
import { platformAccountId, postEntry } from "../src/features/ledger/ledger.service";
import { deployContracts } from "./support/deploy-contracts";
import { LOCAL_CONTRACTS, tempDeploymentsDir } from "./support/deployments";
import { signInAdmin, signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS } from "./support/wait";

type Member = { browser: Browser; id: string };

describe("admin: notifications, level overview, stats, audit of the earlier actions", () => {
  let t: TestApp;
  let admin: Member;

  const send = (body: object) => admin.browser.post("/api/admin/notifications").send(body);
  const auditCount = () => t.db.prisma.adminAuditEntry.count();
  /** Plain users made by SQL (no sessions needed): `banned` of them banned. */
  async function insertUsers(count: number, banned = 0) {
    const tag = randomUUID().slice(0, 8);
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."users" ("username", "is_banned", "ban_reason")
      SELECT 'bulk_' || ${tag} || '_' || g, g <= ${banned}, CASE WHEN g <= ${banned} THEN 'bulk' END FROM generate_series(1, ${count}) AS g`;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe("POST /api/admin/notifications", () => {
    it("to one user: written at once (201) and audited; an unknown user is 404", async () => {
      const member = await signInMember(t);
      const response = await send({
        userId: member.id,
        title: " Maintenance ",
        message: "Tonight at 22:00",
        type: "warning",
        actionUrl: "https://status.example.com",
        actionText: "Status",
      }).expect(201);
      const body = adminNotificationResponseSchema.parse(response.body);
      expect(body).toEqual({ recipient: "user", notificationId: expect.any(String) });
      const row = await t.db.prisma.notification.findUniqueOrThrow({ where: { id: (body as { notificationId: string }).notificationId } });
      expect(row).toMatchObject({
        userId: member.id,
        title: "Maintenance",
        message: "Tonight at 22:00",
        type: "warning",
        actionUrl: "https://status.example.com",
        actionText: "Status",
        isRead: false,
        broadcastId: null,
      });
      const audit = await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { targetId: row.id } });
      expect(audit).toMatchObject({
        adminId: admin.id,
        action: "notification.sent",
        targetType: "notification",
        after: expect.objectContaining({ userId: member.id, title: "Maintenance" }),
      });
      // The member sees it in their own list.
      expect(await t.db.prisma.notification.count({ where: { userId: member.id } })).toBe(1);

      const unknown = await send({ userId: randomUUID(), title: "x", message: "y" }).expect(404);
      expect(unknown.body).toMatchObject({ message: "User Not Found" });
    });

    it("validation errors leave nothing behind", async () => {
      const member = await signInMember(t);
      const [notifications, broadcasts, jobs, audit] = [
        await t.db.prisma.notification.count(),
        await t.db.prisma.notificationBroadcast.count(),
        await t.db.prisma.job.count(),
        await auditCount(),
      ];
      const cases: [object, string][] = [
        [{ userId: member.id, message: "m" }, NOTIFICATION_MESSAGES.titleRequired],
        [{ userId: "all", title: "t" }, NOTIFICATION_MESSAGES.messageRequired],
        [{ userId: "all", title: "t", message: "m", type: "loud" }, NOTIFICATION_MESSAGES.invalidType],
        [{ userId: "all", title: "t", message: "m", actionUrl: "javascript:alert(1)" }, NOTIFICATION_MESSAGES.invalidActionUrl],
        [{ userId: "everyone", title: "t", message: "m" }, "Invalid Recipient: Choose a user or all users"],
        [{ title: "t", message: "m" }, "Invalid Recipient: Choose a user or all users"],
      ];
      for (const [body, message] of cases) {
        const response = await send(body);
        expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status: 400, message });
      }
      expect([
        await t.db.prisma.notification.count(),
        await t.db.prisma.notificationBroadcast.count(),
        await t.db.prisma.job.count(),
        await auditCount(),
      ]).toEqual([notifications, broadcasts, jobs, audit]);
    });

    it("to all: queued (202) with its job; the fan-out gives every user who is not banned exactly one copy, however often it runs", async () => {
      await insertUsers(47, 5);
      const response = await send({
        userId: "all",
        title: "New Feature",
        message: "Offers are here",
        type: "success",
        actionUrl: "https://loop.example.com/loops",
        actionText: "Browse",
      }).expect(202);
      const body = adminNotificationResponseSchema.parse(response.body);
      expect(body).toMatchObject({ recipient: "all", status: "queued" });
      const broadcastId = (body as { broadcastId: string }).broadcastId;
      expect(await t.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } })).toMatchObject({
        adminId: admin.id,
        status: "queued",
        recipients: 0,
        cursor: null,
      });
      const jobs = await t.db.prisma.job.findMany({ where: { queue: BROADCAST_QUEUE } });
      expect(jobs.filter((job) => (job.payload as { broadcastId: string }).broadcastId === broadcastId)).toHaveLength(1);
      expect(await t.db.prisma.adminAuditEntry.findFirst({ where: { targetId: broadcastId } })).toMatchObject({
        action: "notification.broadcast",
        targetType: "broadcast",
      });

      // A first batch, then the same batch again (as after a crash before the job was marked): nothing twice.
      const first = await fanOutBatch(t.db.prisma, broadcastId, 10);
      expect(first).toEqual({ seen: 10, inserted: 10, done: false });
      expect((await t.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } })).status).toBe("sending");
      await t.db.prisma.notificationBroadcast.update({ where: { id: broadcastId }, data: { cursor: null, recipients: 0 } });
      expect(await fanOutBatch(t.db.prisma, broadcastId, 10)).toEqual({ seen: 10, inserted: 0, done: false });
      expect(await fanOutBroadcast(t.db.prisma, broadcastId, { batchSize: 10 })).toBe(true);

      const eligible = await t.db.prisma.user.findMany({ where: { isBanned: false }, select: { id: true } });
      const copies = await t.db.prisma.notification.groupBy({ by: ["userId"], where: { broadcastId }, _count: { _all: true } });
      expect(copies.map((c) => c.userId).sort()).toEqual(eligible.map((u) => u.id).sort());
      expect(copies.every((c) => c._count._all === 1)).toBe(true);
      const banned = await t.db.prisma.user.findMany({ where: { isBanned: true }, select: { id: true } });
      expect(banned.length).toBeGreaterThanOrEqual(5);
      expect(await t.db.prisma.notification.count({ where: { broadcastId, userId: { in: banned.map((u) => u.id) } } })).toBe(0);
      const copy = await t.db.prisma.notification.findFirstOrThrow({ where: { broadcastId } });
      expect(copy).toMatchObject({
        type: "success",
        title: "New Feature",
        message: "Offers are here",
        actionUrl: "https://loop.example.com/loops",
        actionText: "Browse",
        isRead: false,
      });
      const done = await t.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } });
      // The recipients count: what this run inserted (the first 10 were reset above).
      expect(done).toMatchObject({ status: "done", finishedAt: expect.any(Date) });
      expect(done.recipients).toBe(eligible.length - 10);

      // Running the whole job again adds nothing.
      expect(await fanOutBroadcast(t.db.prisma, broadcastId, { batchSize: 10 })).toBe(true);
      expect(await t.db.prisma.notification.count({ where: { broadcastId } })).toBe(eligible.length);
    });

    it("the worker claims the job and fans the broadcast out, then completes the job", async () => {
      await insertUsers(23);
      const worker = startBroadcastWorker({ prisma: t.db.prisma, visibilityMs: 30_000, pollMs: 50, batchSize: 7 });
      try {
        const response = await send({ userId: "all", title: "Hello", message: "Everyone" }).expect(202);
        const { broadcastId } = response.body as { broadcastId: string };
        const deadline = Date.now() + EVENT_DEADLINE_MS;
        while ((await t.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } })).status !== "done") {
          if (Date.now() > deadline) throw new Error("the broadcast was not fanned out in time");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const eligible = await t.db.prisma.user.count({ where: { isBanned: false } });
        expect(await t.db.prisma.notification.count({ where: { broadcastId } })).toBe(eligible);
        expect((await t.db.prisma.notificationBroadcast.findUniqueOrThrow({ where: { id: broadcastId } })).recipients).toBe(eligible);
        let job = null;
        while (Date.now() < deadline) {
          job = (await t.db.prisma.job.findMany({ where: { queue: BROADCAST_QUEUE } })).find(
            (j) => (j.payload as { broadcastId: string }).broadcastId === broadcastId,
          );
          if (job?.state === "completed") break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(job?.state).toBe("completed");
      } finally {
        await worker.stop();
      }
    });
  });

  it("level overview: users per title band, the top users (banned left out), level rewards paid", async () => {
    const a = await signInMember(t);
    const b = await signInMember(t);
    const c = await signInMember(t);
    await t.db.prisma.user.update({ where: { id: a.id }, data: { level: 40, experience: 999_000 } });
    await t.db.prisma.user.update({ where: { id: b.id }, data: { level: 40, experience: 999_500 } });
    await t.db.prisma.user.update({ where: { id: c.id }, data: { level: 41, experience: 1, isBanned: true, banReason: "x" } });
    // Level 3 for a: two rewards (levels 2 and 3) paid through the ledger.
    const rewarded = await signInMember(t);
    await t.db.prisma.$transaction((tx) => awardXp(tx, { userId: rewarded.id, event: "test_event", key: "admin-levels", xp: 300 }), {
      maxWait: 60_000,
      timeout: 60_000,
    });
    const rewards = await t.db.prisma.levelReward.aggregate({ _count: { _all: true }, _sum: { tokensAwarded: true } });
    expect(rewards._count._all).toBeGreaterThan(0);

    const overview = adminLevelOverviewSchema.parse((await admin.browser.get("/api/admin/level-rewards").expect(200)).body);
    expect(overview.tiers.map((tier) => tier.title)).toEqual(LEVEL_TITLES.map((tier) => tier.title));
    expect(overview.tiers[0]).toMatchObject({ title: "Beginner", minLevel: 1, maxLevel: 4 });
    expect(overview.tiers.at(-1)).toMatchObject({ title: "Legend", minLevel: 30, maxLevel: null });
    expect(overview.tiers.reduce((sum, tier) => sum + tier.users, 0)).toBe(await t.db.prisma.user.count());
    expect(overview.tiers.at(-1)!.users).toBe(await t.db.prisma.user.count({ where: { level: { gte: 30 } } }));
    expect(overview.topUsers.slice(0, 2).map((u) => u.id)).toEqual([b.id, a.id]);
    expect(overview.topUsers.map((u) => u.id)).not.toContain(c.id);
    expect(overview.topUsers.length).toBeLessThanOrEqual(10);
    const units = rewards._sum.tokensAwarded!;
    expect(overview.rewardsPaid).toEqual({
      count: rewards._count._all,
      total: `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, "0")}`,
    });
  });

  it("the earlier admin actions are audited: token order fulfil and reject, vault deposit, withdrawal status", async () => {
    const buyer = await signInMember(t);
    const order = async () =>
      (
        await buyer.browser
          .post("/api/admin-orders")
          .send({ requestedAmount: "100", paymentMethod: "paypal", paymentDetails: "me@example.com", usdAmount: "0.20" })
          .expect(201)
      ).body.id as string;
    const [fulfil, reject] = [await order(), await order()];
    await admin.browser.post(`/api/admin/admin-orders/${fulfil}/fulfil`).expect(200);
    await admin.browser.post(`/api/admin/admin-orders/${reject}/reject`).send({ reason: "Payment not received" }).expect(200);
    expect(await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { targetId: fulfil } })).toMatchObject({
      adminId: admin.id,
      action: "token_order.fulfilled",
      targetType: "token_order",
      before: { status: "pending" },
      after: expect.objectContaining({ status: "fulfilled", amount: "100.00000000" }),
    });
    expect(await t.db.prisma.adminAuditEntry.findFirstOrThrow({ where: { targetId: reject } })).toMatchObject({
      action: "token_order.rejected",
      after: expect.objectContaining({ status: "rejected", rejectionReason: "Payment not received" }),
    });

    // Vault deposit: platform earnings first (a correction entry stands in for sales).
    const [issuance, fees] = [await platformAccountId(t.db.prisma, "issuance"), await platformAccountId(t.db.prisma, "fees")];
    await postEntry(t.db.prisma, {
      idempotencyKey: `test-fees:${randomUUID()}`,
      kind: "correction",
      postings: [
        { accountId: issuance, amount: -500_000_000n },
        { accountId: fees, amount: 500_000_000n },
      ],
    });
    const before = await auditCount();
    await admin.browser.post("/api/admin/vault/deposit").send({ amount: "0" }).expect(400);
    expect(await auditCount()).toBe(before);
    await admin.browser.post("/api/admin/vault/deposit").set("Idempotency-Key", "audit-deposit").send({ amount: "2.5" }).expect(200);
    await admin.browser.post("/api/admin/vault/deposit").set("Idempotency-Key", "audit-deposit").send({ amount: "2.5" }).expect(200);
    const deposits = await t.db.prisma.adminAuditEntry.findMany({ where: { action: "vault.deposited" } });
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ adminId: admin.id, targetType: "vault", after: expect.objectContaining({ amount: "2.50000000" }) });

    // Withdrawal: pending → processing → completed, each change audited.
    const withdrawal = (
      await buyer.browser
        .post("/api/tokens/withdraw")
        .send({ amount: "20", method: "crypto_eth", destination: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" })
        .expect(201)
    ).body.id as string;
    await admin.browser.put(`/api/admin/tokens/withdrawals/${withdrawal}/status`).send({ status: "processing" }).expect(200);
    await admin.browser
      .put(`/api/admin/tokens/withdrawals/${withdrawal}/status`)
      .send({ status: "completed", transactionId: `0x${"ab".repeat(32)}` })
      .expect(200);
    // A refused change is not recorded.
    expect(
      (await admin.browser.put(`/api/admin/tokens/withdrawals/${withdrawal}/status`).send({ status: "failed" })).status,
    ).toBeGreaterThanOrEqual(400);
    const changes = await t.db.prisma.adminAuditEntry.findMany({ where: { targetId: withdrawal }, orderBy: { id: "asc" } });
    expect(changes.map((entry) => [entry.action, entry.before, (entry.after as { status: string }).status])).toEqual([
      ["withdrawal.status_changed", { status: "pending" }, "processing"],
      ["withdrawal.status_changed", { status: "processing" }, "completed"],
    ]);
  });

  describe("stats: the LoopVault's LOOP on chain", () => {
    /** The admin's session cookie, for another app on the same database. */
    const adminCookie = async () => (await signInAdmin(t)).cookie;

    it("null when the chain cannot be read; the other figures are answered all the same", async () => {
      const deployments = tempDeploymentsDir();
      deployments.write(31337);
      // Nothing listens on port 9.
      const offline = await createTestApp({ db: t.db, env: { DEPLOYMENTS_DIR: deployments.dir, RPC_URL_31337: "http://127.0.0.1:9" } });
      try {
        expect(offline.config.chains[0]!.contracts?.vault).toBe(LOCAL_CONTRACTS.vault);
        const response = await request(offline.app)
          .get("/api/admin/stats")
          .set("Cookie", await adminCookie())
          .expect(200);
        const stats = adminStatsSchema.parse(response.body);
        expect(stats.onChainVaultReserve).toBeNull();
        expect(stats.totalUsers).toBe(await t.db.prisma.user.count());
      } finally {
        await offline.close();
        deployments.remove();
      }
    });

    it("LoopToken.balanceOf(LoopVault), 8 decimals, truncated", async () => {
      const rpcUrl = inject("rpcUrl");
      const dir = mkdtempSync(path.join(os.tmpdir(), "loop-admin-deployments-"));
      await deployContracts(rpcUrl, dir);
      const chained = await createTestApp({ db: t.db, env: { DEPLOYMENTS_DIR: dir } });
      try {
        const contracts = chained.config.chains.find((chain) => chain.id === 31337)!.contracts!;
        const chain = { ...hardhat, rpcUrls: { default: { http: [rpcUrl] } } };
        const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
        const operator = createWalletClient({
          account: privateKeyToAccount(localAccounts.roles.operator.privateKey),
          chain,
          transport: http(rpcUrl),
        });
        const [token, vault] = [getAddress(contracts.token), getAddress(contracts.vault)];
        // LOOP sent straight to the vault is fees, not reserve: the figure is the reserve alone.
        const reserveBefore = await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "reserve" });
        const mint = await operator.writeContract({
          address: token,
          abi: loopTokenAbi,
          functionName: "mint",
          args: [operator.account.address, parseEther("2")],
        });
        await client.waitForTransactionReceipt({ hash: mint });
        const transfer = await operator.writeContract({
          address: token,
          abi: loopTokenAbi,
          functionName: "transfer",
          args: [vault, parseEther("1.5") + 1n],
        });
        await client.waitForTransactionReceipt({ hash: transfer });
        const wei = await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "reserve" });
        expect(wei).toBe(reserveBefore);
        expect(await client.readContract({ address: token, abi: loopTokenAbi, functionName: "balanceOf", args: [vault] })).toBe(
          wei + parseEther("1.5") + 1n,
        );

        const response = await request(chained.app)
          .get("/api/admin/stats")
          .set("Cookie", await adminCookie())
          .expect(200);
        const stats = adminStatsSchema.parse(response.body);
        const units = wei / 10n ** 10n;
        expect(stats.onChainVaultReserve).toBe(`${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, "0")}`);
      } finally {
        await chained.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
