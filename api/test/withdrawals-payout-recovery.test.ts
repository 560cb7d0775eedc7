// A `loop` withdrawal is paid exactly once whatever fails (issue 17): the API stopped at each step
// of a payout (as a crash at that line: testHooks.payoutProbe throws there, nothing after it runs), the
// chain's RPC failing at each call (a real HTTP proxy in front of the test chain), then a restart:
// the reconciler settles it by what the vault records. After each: one PaidOut on chain, one debit
// in the ledger, `ledger:check` green.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loopMarketplaceAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import { adminWithdrawalSchema, withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { getAddress, keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { PayoutStep } from "../src/deps";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { paidOutHandler } from "../src/features/settlement/handlers/paid-out";
import { startPayoutReconciler } from "../src/features/withdrawals/payout-reconciler";
import { reconcilePayouts } from "../src/features/withdrawals/payout-sender";
import { payoutIdOf } from "../src/features/withdrawals/vault-payout";
import { ERROR_CODES } from "@loop/rules/error-codes";
import { tokenBalance } from "./support/api-calls";
import { startApiProcess } from "./support/api-processes";
import { deployContracts } from "./support/deploy-contracts";
import { localChain } from "./support/local-chain";
import { freePort } from "./support/ports";
import { startRpcProxy, type RpcProxy } from "./support/rpc-proxy";
import { fundMember, signInAdmin, signInMember } from "./support/members";
import { newAccount, type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";
import { setWithdrawalStatus } from "./support/withdrawable";
import { EVENT_DEADLINE_MS } from "./support/wait";

class SimulatedCrash extends Error {}

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("LOOP payouts survive crashes and failing RPCs: paid once, debited once", () => {
  let t: TestApp;
  let proxy: RpcProxy;
  let deployments: string;
  let filesDir: string;
  let vault: Address;
  let token: Address;
  let admin: { browser: Browser; id: string };
  const rpcUrl = inject("rpcUrl");
  const chain = localChain(rpcUrl);
  const { client } = chain;
  // An operator key of this file's own: no other test file's transactions use its nonces.
  const operatorKey = generatePrivateKey();
  const operator = chain.wallet(privateKeyToAccount(operatorKey));
  const deployer = chain.wallet(privateKeyToAccount(localAccounts.roles.deployer.privateKey as Hex));

  const balance = tokenBalance;
  const walletLoop = (address: Address) => chain.loopBalanceOf(token, address);
  const paidOutEvents = (withdrawalId: string) =>
    client.getContractEvents({
      address: vault,
      abi: loopVaultAbi,
      eventName: "PaidOut",
      args: { withdrawalId: payoutIdOf(withdrawalId) },
      fromBlock: 0n,
    });

  /** A member with a `loop` withdrawal of `amount` requested to a fresh address (from 500 LOOP they bought: the welcome bonus is promotional). */
  async function requested(amount: string) {
    const user = await signInMember(t);
    await fundMember(t, user.id, 500n);
    const destination = newAccount().address;
    const w = withdrawalSchema.parse(
      (await user.browser.post("/api/tokens/withdraw").send({ amount, method: "loop", destination }).expect(201)).body,
    );
    return { user, destination, w };
  }

  /** The API stops at `step` (nothing after it runs) for this withdrawal. */
  function crashAt(step: PayoutStep) {
    t.testHooks.payoutProbe = (at) => {
      if (at === step) throw new SimulatedCrash(`the API stopped at ${step}`);
    };
  }

  /** The API is back: no crash, the RPC answers, and the crashed sender's lease has run out. */
  async function restart() {
    t.testHooks.payoutProbe = undefined;
    proxy.setFaults({});
    await t.db.prisma.withdrawal.updateMany({
      where: { payoutLeaseUntil: { not: null } },
      data: { payoutLeaseUntil: new Date(Date.now() - 1000) },
    });
    return reconcilePayouts(t.deps);
  }

  async function expectPaying(id: string) {
    const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "processing", transactionId: null });
    const listed = adminWithdrawalSchema
      .array()
      .parse((await admin.browser.get("/api/admin/tokens/withdrawals?status=processing").expect(200)).body);
    expect(listed.find((x) => x.id === id)).toMatchObject({ payoutInProgress: true });
  }

  /** One payout on chain, to the destination, for the amount; completed once; one debit; nothing held. */
  async function expectPaidOnce({ user, destination, w }: Awaited<ReturnType<typeof requested>>) {
    const events = await paidOutEvents(w.id);
    expect(events).toHaveLength(1);
    expect(getAddress(events[0]!.args.to!)).toBe(getAddress(destination));
    expect(await walletLoop(destination)).toBe(parseEther(w.amount));
    const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: w.id }, include: { hold: true } });
    expect(row).toMatchObject({ status: "completed", transactionId: events[0]!.transactionHash, payoutLeaseUntil: null });
    expect(row.hold.state).toBe("captured");
    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers.filter((x) => x.transferType === "withdrawal")).toEqual([
      expect.objectContaining({ direction: "out", amount: w.amount }),
    ]);
    expect(await balance(user.browser)).toMatchObject({ withdrawable: (500 - Number(w.amount)).toFixed(8), held: "0.00000000" });
  }

  /** The restart (reconcilePayouts) finds the one payout in doubt and completes it: paid once. */
  async function expectRestartPaysOnce(paying: Awaited<ReturnType<typeof requested>>) {
    expect(await restart()).toEqual({ checked: 1, failures: [] });
    await expectPaidOnce(paying);
  }

  /** The admin moves the withdrawal to processing: LoopVault.payout is sent (the caller expects the answer). */
  const startPayout = (paying: Awaited<ReturnType<typeof requested>>) =>
    setWithdrawalStatus(admin.browser, paying.w.id, { status: "processing" });

  /** A withdrawal of `amount` whose payout the API stopped at `step` (answered 500), the crash still armed. */
  async function stoppedDuringPayout(amount: string, step: PayoutStep) {
    const paying = await requested(amount);
    crashAt(step);
    await startPayout(paying).expect(500);
    return paying;
  }

  beforeAll(async () => {
    deployments = mkdtempSync(path.join(os.tmpdir(), "loop-payout-recovery-deployments-"));
    filesDir = mkdtempSync(path.join(os.tmpdir(), "loop-payout-recovery-files-"));
    await deployContracts(rpcUrl, deployments);
    proxy = await startRpcProxy(rpcUrl);
    t = await createTestApp({
      env: {
        DEPLOYMENTS_DIR: deployments,
        OPERATOR_PRIVATE_KEY: operatorKey,
        RPC_URL_31337: proxy.url,
        PAYOUT_RECEIPT_TIMEOUT_MS: "1500",
      },
    });
    const contracts = t.config.chains.find((c) => c.id === 31337)!.contracts!;
    vault = getAddress(contracts.vault);
    token = getAddress(contracts.token);
    await client.request({ method: "hardhat_setBalance" as never, params: [operator.account.address, toHex(parseEther("100"))] as never });
    const role = keccak256(toHex("OPERATOR_ROLE"));
    await client.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "grantRole",
        args: [role, operator.account.address],
      }),
    });
    admin = await signInAdmin(t);
  });
  beforeEach(() => {
    t.testHooks.payoutProbe = undefined;
    proxy.setFaults({});
  });
  afterEach(async () => {
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    if (deployments) rmSync(deployments, { recursive: true, force: true });
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it("stopped after the intent, before anything was signed: paying, not cancellable nor failable; the restart pays it once", async () => {
    const paying = await stoppedDuringPayout("11", "intent-committed");
    await expectPaying(paying.w.id);
    expect(await paidOutEvents(paying.w.id)).toHaveLength(0);
    // Paying: nobody may hand the LOOP back in the app while the chain may still pay them.
    const cancel = await paying.user.browser.post(`/api/tokens/withdrawals/${paying.w.id}/cancel`).expect(409);
    const inProgress = { code: "PAYOUT_IN_PROGRESS", message: ERROR_CODES.PAYOUT_IN_PROGRESS.message };
    expect(cancel.body).toEqual(inProgress);
    expect((await setWithdrawalStatus(admin.browser, paying.w.id, { status: "failed", failureReason: "stuck" }).expect(409)).body).toEqual(
      inProgress,
    );
    expect(
      (await setWithdrawalStatus(admin.browser, paying.w.id, { status: "completed", transactionId: `0x${"ab".repeat(32)}` }).expect(409))
        .body,
    ).toEqual(inProgress);
    expect(await balance(paying.user.browser)).toMatchObject({ held: "11.00000000" });

    await expectRestartPaysOnce(paying);
    // A second pass finds nothing left to do.
    expect(await reconcilePayouts(t.deps)).toEqual({ checked: 0, failures: [] });
  });

  it("stopped after the signed payout was stored, before the broadcast: the restart sends that same transaction", async () => {
    const paying = await stoppedDuringPayout("12", "attempt-stored");
    await expectPaying(paying.w.id);
    const [stored] = await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id } });
    expect(stored).toMatchObject({ outcome: null });
    expect(await paidOutEvents(paying.w.id)).toHaveLength(0);

    await expectRestartPaysOnce(paying);
    const [event] = await paidOutEvents(paying.w.id);
    expect(event!.transactionHash).toBe(stored!.txHash);
    expect(await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id } })).toEqual([
      expect.objectContaining({ outcome: "mined" }),
    ]);
  });

  it("stopped right after the broadcast, before the receipt: the chain paid it; the restart completes it without sending again", async () => {
    const paying = await stoppedDuringPayout("13", "broadcast");
    await expectPaying(paying.w.id);
    expect(await paidOutEvents(paying.w.id)).toHaveLength(1);
    // Meanwhile the member cannot take the LOOP back in the app either.
    await paying.user.browser.post(`/api/tokens/withdrawals/${paying.w.id}/cancel`).expect(409);

    const sentBefore = proxy.calls.get("eth_sendRawTransaction") ?? 0;
    expect(await restart()).toEqual({ checked: 1, failures: [] });
    expect(proxy.calls.get("eth_sendRawTransaction") ?? 0).toBe(sentBefore);
    await expectPaidOnce(paying);
  });

  it("the broadcast's answer is lost (the node took it): 503 Payout Pending; the restart completes it", async () => {
    const paying = await requested("14");
    proxy.setFaults({ eth_sendRawTransaction: "lose-answer", eth_getTransactionReceipt: "null-result" });
    const answer = await startPayout(paying).expect(503);
    expect(answer.body.message).toMatch(/^Payout Pending/);
    await expectPaying(paying.w.id);

    await expectRestartPaysOnce(paying);
  });

  it("the broadcast's answer is lost but the chain shows the receipt: the chain decides, the answer is 200 with the hash", async () => {
    const paying = await requested("14.5");
    proxy.setFaults({ eth_sendRawTransaction: "lose-answer" });
    const processed = adminWithdrawalSchema.parse((await startPayout(paying).expect(200)).body);
    const [event] = await paidOutEvents(paying.w.id);
    expect(processed).toMatchObject({ status: "processing", transactionId: event!.transactionHash, payoutInProgress: false });
    await setWithdrawalStatus(admin.browser, paying.w.id, { status: "completed", transactionId: processed.transactionId }).expect(200);
    await expectPaidOnce(paying);
  });

  it("the receipt never comes (timeout): 503 Payout Pending, still paying; the restart completes it", async () => {
    const paying = await requested("15");
    proxy.setFaults({ eth_getTransactionReceipt: "null-result" });
    const answer = await startPayout(paying).expect(503);
    expect(answer.body.message).toMatch(/^Payout Pending: transaction 0x[0-9a-f]{64} was sent but is not confirmed yet/);
    await expectPaying(paying.w.id);

    await expectRestartPaysOnce(paying);
  });

  it("stopped while the outcome was being committed (rolled back): the restart completes it from the chain", async () => {
    const paying = await stoppedDuringPayout("16", "result-committing");
    await expectPaying(paying.w.id);
    expect(await paidOutEvents(paying.w.id)).toHaveLength(1);

    await expectRestartPaysOnce(paying);
  });

  it("the broadcast never reached the node and its nonce was used by another transaction: a new payout, still one on chain", async () => {
    const paying = await requested("17");
    proxy.setFaults({ eth_sendRawTransaction: "refuse" });
    expect((await startPayout(paying).expect(503)).body.message).toMatch(/^Payout Pending/);
    await expectPaying(paying.w.id);
    const [dead] = await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id } });
    // Someone uses the operator key meanwhile (another tool, a replica): the stored nonce is gone.
    const nonce = await client.getTransactionCount({ address: operator.account.address });
    expect(nonce).toBe(dead!.nonce);
    await client.waitForTransactionReceipt({ hash: await operator.sendTransaction({ to: operator.account.address, value: 0n, nonce }) });

    await expectRestartPaysOnce(paying);
    const attempts = await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id }, orderBy: { createdAt: "asc" } });
    expect(attempts.map((a) => a.outcome)).toEqual(["dropped", "mined"]);
  });

  it("an API process killed inside the transaction that records the outcome: the restarted API settles it as it starts", async () => {
    const paying = await requested("22");
    const env = {
      ...process.env,
      NODE_ENV: "test",
      APP_URL: "http://localhost:5173",
      DATABASE_URL: t.db.url,
      CHAIN_IDS: "31337",
      RPC_URL_31337: proxy.url,
      DEPLOYMENTS_DIR: deployments,
      OPERATOR_PRIVATE_KEY: operatorKey,
      SMTP_URL: "smtp://127.0.0.1:9",
      FILES_DIR: filesDir,
    };
    const run = (args: string[], extra: Record<string, string> = {}) => {
      const child = spawn(process.execPath, ["--import", "tsx", ...args], {
        cwd: apiDir,
        env: { ...env, ...extra },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.once("exit", (code, signal) => resolve(signal ?? code)),
      );
      return { child, exited, stderr: () => stderr };
    };
    const killed = run(["test/support/payout-crash-child.ts", paying.w.id, admin.id, "result-committing"]);
    const ended = await killed.exited;
    expect(ended, killed.stderr()).toBe("SIGKILL");
    // The payout is on chain; the app's record of it died with the process.
    await expectPaying(paying.w.id);
    expect(await paidOutEvents(paying.w.id)).toHaveLength(1);

    // The crashed sender's lease runs out; the API starts again (src/main.ts) and settles it.
    await t.db.prisma.withdrawal.update({ where: { id: paying.w.id }, data: { payoutLeaseUntil: new Date(Date.now() - 1000) } });
    const api = startApiProcess({ ...env, API_PORT: String(await freePort()), SETTLEMENT_ENABLED: "false" });
    try {
      await vi.waitFor(
        async () =>
          expect(await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: paying.w.id } })).toMatchObject({ status: "completed" }),
        { timeout: EVENT_DEADLINE_MS, interval: 200 },
      );
    } finally {
      await api.stop("SIGINT");
    }
    await expectPaidOnce(paying);
  });

  it("two replicas reconciling at once pay it once", async () => {
    const paying = await stoppedDuringPayout("18", "intent-committed");
    t.testHooks.payoutProbe = undefined;
    await t.db.prisma.withdrawal.update({ where: { id: paying.w.id }, data: { payoutLeaseUntil: new Date(Date.now() - 1000) } });
    const passes = await Promise.all([reconcilePayouts(t.deps), reconcilePayouts(t.deps), reconcilePayouts(t.deps)]);
    expect(passes.map((p) => p.checked).sort()).toEqual([0, 0, 1]);
    expect(passes.flatMap((p) => p.failures)).toEqual([]);
    await expectPaidOnce(paying);
  });

  it("one nonce authority for every operator sender: a dispute-window change after a payout stored but not sent neither takes its nonce nor waits behind it", async () => {
    const marketplace = getAddress(t.config.chains.find((c) => c.id === 31337)!.contracts!.marketplace);
    await client.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: marketplace,
        abi: loopMarketplaceAbi,
        functionName: "grantRole",
        args: [keccak256(toHex("SETTINGS_ROLE")), operator.account.address],
      }),
    });
    const paying = await stoppedDuringPayout("16", "attempt-stored");
    const [stored] = await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id } });
    expect(stored!.nonce).toBe(await client.getTransactionCount({ address: operator.account.address, blockTag: "pending" }));
    t.testHooks.payoutProbe = undefined;

    // Another sender of the same key: the admin changes the dispute window (an on-chain transaction).
    const changed = await admin.browser.put("/api/admin/settings").send({ disputeWindowSeconds: 3_600 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.disputeWindowSeconds).toBe(3_600);
    const [windowTx] = await t.db.prisma.operatorTransaction.findMany({
      where: { purpose: "dispute_window" },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    expect(windowTx).toMatchObject({ nonce: stored!.nonce + 1, outcome: "success" });

    // The stored payout kept its nonce: the restart completes it with that very transaction, no second attempt.
    await expectRestartPaysOnce(paying);
    const [event] = await paidOutEvents(paying.w.id);
    expect(event!.transactionHash).toBe(stored!.txHash);
    expect((await t.db.prisma.payoutAttempt.findMany({ where: { withdrawalId: paying.w.id } })).map((a) => a.outcome)).toEqual(["mined"]);
  });

  it("the API's reconciler runs a pass as it starts: a payout cut short before the restart is settled", async () => {
    const paying = await stoppedDuringPayout("18.5", "attempt-stored");
    t.testHooks.payoutProbe = undefined;
    await t.db.prisma.withdrawal.update({ where: { id: paying.w.id }, data: { payoutLeaseUntil: new Date(Date.now() - 1000) } });
    const reconciler = startPayoutReconciler(t.deps);
    try {
      await vi.waitFor(
        async () =>
          expect(await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: paying.w.id } })).toMatchObject({ status: "completed" }),
        { timeout: EVENT_DEADLINE_MS },
      );
    } finally {
      await reconciler.stop();
    }
    await expectPaidOnce(paying);
  });

  it("a lease that has not run out is left to its sender", async () => {
    const paying = await stoppedDuringPayout("19", "intent-committed");
    t.testHooks.payoutProbe = undefined;
    expect(await reconcilePayouts(t.deps)).toEqual({ checked: 0, failures: [] });
    expect(await paidOutEvents(paying.w.id)).toHaveLength(0);
    await expectRestartPaysOnce(paying);
  });

  it("a payout the chain refuses on the way is not paid: pending again with the reason, the hold kept", async () => {
    const paying = await stoppedDuringPayout("20", "intent-committed");
    // The vault is paused before the restart: the new attempt is refused by the simulation.
    const pause = await deployer.writeContract({ address: vault, abi: loopVaultAbi, functionName: "pause" });
    await client.waitForTransactionReceipt({ hash: pause });
    try {
      expect(await restart()).toEqual({ checked: 1, failures: [] });
    } finally {
      await client.waitForTransactionReceipt({
        hash: await deployer.writeContract({ address: vault, abi: loopVaultAbi, functionName: "unpause" }),
      });
    }
    const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: paying.w.id } });
    expect(row).toMatchObject({ status: "pending", transactionId: null, payoutLeaseUntil: null });
    expect(row.payoutError).toMatch(/EnforcedPause/);
    const listed = adminWithdrawalSchema
      .array()
      .parse((await admin.browser.get("/api/admin/tokens/withdrawals?status=pending").expect(200)).body);
    expect(listed.find((x) => x.id === paying.w.id)).toMatchObject({ payoutInProgress: false, payoutError: row.payoutError });
    expect(await paidOutEvents(paying.w.id)).toHaveLength(0);
    expect(await balance(paying.user.browser)).toMatchObject({ held: "20.00000000" });
    // The admin processes it again once the vault runs: paid once.
    const processed = adminWithdrawalSchema.parse((await startPayout(paying).expect(200)).body);
    await setWithdrawalStatus(admin.browser, paying.w.id, { status: "completed", transactionId: processed.transactionId }).expect(200);
    await expectPaidOnce(paying);
  });

  it("PaidOut for a cancelled withdrawal is reported to the admins, never applied twice nor silently", async () => {
    const { user, destination, w } = await requested("21");
    await user.browser.post(`/api/tokens/withdrawals/${w.id}/cancel`).expect(200);
    // Paid outside the app's flow (the operator key used by hand).
    const receipt = await client.waitForTransactionReceipt({
      hash: await operator.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "payout",
        args: [destination, parseEther("21"), uuidToBytes32(w.id)],
      }),
    });
    const event = {
      chainId: 31337,
      genesisHash: "0x00",
      txHash: receipt.transactionHash,
      logIndex: 0,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTimestamp: 0n,
      address: vault.toLowerCase(),
      args: { withdrawal_id: uuidToBytes32(w.id), to: destination.toLowerCase(), amount: parseEther("21").toString() },
    };
    const outcome = await t.db.prisma.$transaction((tx) => paidOutHandler.apply(tx, event, t.deps));
    expect(outcome).toMatchObject({
      outcome: "discrepancy",
      detail: expect.stringContaining(
        `is cancelled (its LOOP were given back in the app) but was paid on chain in ${receipt.transactionHash}`,
      ),
    });
    const notices = await t.db.prisma.notification.findMany({ where: { userId: admin.id, title: "Payout Discrepancy" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(w.id);
    // Nothing moved in the app: the hold stays released, the balance whole.
    const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: w.id }, include: { hold: true } });
    expect(row.status).toBe("cancelled");
    expect(row.hold.state).toBe("released");
    expect(await balance(user.browser)).toMatchObject({ withdrawable: "500.00000000", held: "0.00000000" });
  });
});
