// Settlement against the real parts: a Hardhat node of this file's own (so reorgs and a fresh chain
// disturb no other test), the contracts deployed by the project's deploy script, the real indexer
// (Ponder) on this file's database, and the API's settlement worker. Every scenario ends with the
// ledger checker.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import {
  PURCHASE_MESSAGES,
  WALLET_PURCHASE_MESSAGES,
  cryptoPurchaseStatusSchema,
  walletQuoteSchema,
  type WalletQuote,
} from "@loop/rules/schemas/purchases";
import { depositRefOf, uuidFromBytes32, uuidToBytes32 } from "@loop/rules/deposit-ref";
import {
  NEGOTIATION_MESSAGES,
  negotiationSchema,
  offerBelowMinimumMessage,
  walletOfferTermsSchema,
} from "@loop/rules/schemas/negotiations";
import { healthResponseSchema } from "@loop/rules/schemas/api-responses";
import { transferListSchema, walletTransferListSchema } from "@loop/rules/schemas/tokens";
import {
  SETTLEMENT_DISCREPANCY_MESSAGES,
  settlementDiscrepancyListSchema,
  settlementDiscrepancySchema,
} from "@loop/rules/schemas/settlement-discrepancies";
import { adminWithdrawalSchema, withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import {
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  parseEther,
  parseEventLogs,
  parseGwei,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { expireNegotiations } from "../src/features/negotiations/expire-negotiations";
import { startSettlementWorker, type SettlementWorker } from "../src/features/settlement/settlement-worker";
import { settleChain } from "../src/features/settlement/settlement.service";
import { payoutIdOf } from "../src/features/withdrawals/vault-payout";
import { buyWithLoop, tokenBalance } from "./support/api-calls";
import { startApiProcess } from "./support/api-processes";
import { deployContracts } from "./support/deploy-contracts";
import { startHardhatNode } from "./support/hardhat-node";
import { insertLoopRow } from "./support/listed-loop";
import { localChain, treasuryAccount } from "./support/local-chain";
import { freePort } from "./support/ports";
import { resetIndexer, startPonder, type RunningPonder } from "./support/ponder";
import { fundMember, signInAdmin, signInMember, type Member } from "./support/members";
import { newAccount, type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { sleep, waitFor } from "./support/wait";
import { payQuoteOnChain } from "./support/wallet-quote";

const operatorKey = localAccounts.roles.operator.privateKey;

/** Wallet purchases stay in LoopMarketplace's escrow this long (the local default is 0: paid at once). */
const DISPUTE_WINDOW_SECONDS = 3600;

/** One chain with the contracts deployed, and clients for it. */
async function startChain() {
  const node = await startHardhatNode();
  const deployments = mkdtempSync(path.join(os.tmpdir(), "loop-settlement-deployments-"));
  await deployContracts(node.url, deployments, { DISPUTE_WINDOW_SECONDS: String(DISPUTE_WINDOW_SECONDS) });
  const clients = localChain(node.url);
  const testClient = createTestClient({ chain: clients.chain, mode: "hardhat", transport: http(node.url) });
  return {
    ...clients,
    node,
    deployments,
    testClient,
    async stop() {
      await node.stop();
      rmSync(deployments, { recursive: true, force: true });
    },
  };
}
type Chain = Awaited<ReturnType<typeof startChain>>;

describe("settlement of indexed chain events", () => {
  let chain: Chain;
  let t: TestApp;
  let ponder: RunningPonder;
  let worker: SettlementWorker | null = null;
  let token: Address;
  let vault: Address;
  const wallet = (account: LocalAccount) => chain.wallet(account);
  const confirm = (hash: Hex) => chain.confirm(hash);
  /** A new account with `loop` LOOP and some ETH for gas. */
  const fundedAccount = (loop: string) => chain.fundedAccount(treasuryAccount, token, loop);
  const deposit = (account: LocalAccount, loop: string, ref: Hex) => chain.depositToVault(account, { token, vault }, loop, ref);
  const balance = tokenBalance;
  /** A ready, listed loop of `userId` at `cents`. */
  const listedLoop = (userId: string, cents: number) =>
    insertLoopRow(t.db.prisma, { userId, title: `Loop ${randomUUID().slice(0, 6)}`, priceCents: cents, isFree: cents === 0 });
  const settledRows = (txHash: string) => t.db.prisma.settledEvent.findMany({ where: { txHash: txHash.toLowerCase() } });
  const startWorker = (confirmations = 0) => {
    worker = startSettlementWorker({
      ...t.deps,
      config: { ...t.config, settlement: { ...t.config.settlement, confirmations: { 31337: confirmations } } },
    });
    return worker;
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };
  /** One `evm_mine` per block: Ponder's live sync cannot fetch the blocks `hardhat_mine` skips over. */
  const mineBlocks = async (count: number) => {
    const rpc = chain.testClient.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
    for (let i = 0; i < count; i++) await rpc({ method: "evm_mine", params: [] });
  };
  /** Ponder has indexed the chain up to its head. */
  const indexedToHead = () =>
    waitFor("the indexer to reach the chain's head", async () => {
      const head = await chain.client.getBlockNumber({ cacheTime: 0 });
      const rows = await t.db.prisma.$queryRaw<{ block: string }[]>`
        SELECT substring("latest_checkpoint" FROM 27 FOR 16)::numeric::text AS "block" FROM "indexer"."_ponder_checkpoint"`.catch(() => []);
      return rows[0] && BigInt(rows[0].block) >= head;
    });

  /**
   * openOffer from the buyer's wallet for `usd` on `loopId` (MP3) with the API's terms, or (`unchecked`)
   * with arguments the API was not asked about; returns the offer id.
   */
  const openWalletOffer = async (buyer: Member, sellerWallet: Address, loopId: string, usd: number, unchecked = false) => {
    const marketplace = getAddress(t.config.chains[0]!.contracts!.marketplace);
    const from = wallet(buyer.account);
    let args: readonly [Hex, number, Address, bigint, bigint];
    if (unchecked) {
      const now = (await chain.client.getBlock()).timestamp;
      args = [uuidToBytes32(loopId), 0, sellerWallet, parseEther(String(usd * 500)), now + 86_400n];
    } else {
      const terms = walletOfferTermsSchema.parse(
        (
          await buyer.browser
            .post("/api/negotiations/wallet-terms")
            .send({ loopId, format: "mp3", offerAmount: String(usd) })
            .expect(200)
        ).body,
      );
      expect(terms).toMatchObject({ marketplace, payee: sellerWallet, amountWei: parseEther(String(usd * 500)).toString() });
      args = [terms.loopId as Hex, terms.format, terms.payee as Address, BigInt(terms.amountWei), BigInt(terms.expiresAt)];
    }
    await confirm(
      await from.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [marketplace, args[3] * 2n] }),
    );
    const receipt = await confirm(
      await from.writeContract({ address: marketplace, abi: loopMarketplaceAbi, functionName: "openOffer", args }),
    );
    const [opened] = parseEventLogs({ abi: loopMarketplaceAbi, eventName: "OfferOpened", logs: receipt.logs });
    return { offerId: opened!.args.offerId, receipt };
  };
  /** The negotiation of LoopMarketplace offer `offerId`, once recorded (and in `status`, when given). */
  const negotiationOf = (offerId: bigint, status?: string) =>
    waitFor(`offer ${offerId}${status ? ` ${status}` : ""}`, async () => {
      const row = await t.db.prisma.negotiation.findFirst({ where: { chainOfferId: offerId.toString() } });
      return row && (!status || row.status === status) ? row : null;
    });
  const respond = (as: Browser, id: string, body: object) => as.put(`/api/negotiations/${id}/respond`).send(body);

  beforeAll(async () => {
    chain = await startChain();
    t = await createTestApp({
      env: {
        RPC_URL_31337: chain.node.url,
        DEPLOYMENTS_DIR: chain.deployments,
        OPERATOR_PRIVATE_KEY: operatorKey,
        QUOTE_SIGNER_PRIVATE_KEY: localAccounts.roles.quoteSigner.privateKey,
      },
    });
    const contracts = t.config.chains.find((c) => c.id === 31337)!.contracts!;
    token = getAddress(contracts.token);
    vault = getAddress(contracts.vault);
    ponder = await startPonder({ databaseUrl: t.db.url, rpcUrl: chain.node.url, deploymentsDir: chain.deployments });
  });
  afterEach(async () => {
    await stopWorker();
    expect(await checkLedger(t.db.prisma)).toEqual([]);
  });
  afterAll(async () => {
    await stopWorker();
    await ponder?.stop();
    await t?.close();
    await chain?.stop();
  });

  it("a deposit credits the in-app account once; both histories and the notification show it", async () => {
    const user = await signInMember(t, { account: await fundedAccount("100") });
    startWorker();
    const receipt = await deposit(user.account, "42.5", depositRefOf(user.id));
    await waitFor("the deposit to be credited", async () => (await balance(user.browser)).balance === "542.50000000");

    const transfers = transferListSchema.parse((await user.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers[0]).toMatchObject({ transferType: "deposit", direction: "in", amount: "42.50000000", fromUserId: null });
    const rows = await settledRows(receipt.transactionHash);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "deposited", outcome: "applied", chainId: 31337, blockNumber: receipt.blockNumber });
    const notice = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: user.id, title: "Deposit Received" } });
    expect(notice.message).toContain("42.5 LOOP");

    // The wallet's own history: LOOP in from the treasury, then out into the vault.
    const wallet = walletTransferListSchema.parse((await user.browser.get("/api/tokens/wallet-transfers").expect(200)).body);
    expect(wallet.address).toBe(user.account.address);
    expect(wallet.transfers.map((entry) => [entry.kind, entry.direction, entry.amount])).toEqual([
      ["deposit", "out", "42.5"],
      ["transfer", "in", "100.0"],
    ]);
    expect(wallet.transfers[0]).toMatchObject({ transactionHash: receipt.transactionHash, counterparty: vault, chainId: 31337 });

    // Passes later find nothing more to do.
    await sleep(300);
    expect(await balance(user.browser)).toMatchObject({ balance: "542.50000000" });
    expect(
      await t.db.prisma.ledgerEntry.count({
        where: { kind: "deposit", idempotencyKey: { contains: receipt.transactionHash.toLowerCase() } },
      }),
    ).toBe(1);
  });

  it("a pass says when every indexed event is settled, so that the worker only reads Ponder's head until it moves; never while an event waits for its confirmations", async () => {
    const user = await signInMember(t, { account: await fundedAccount("10") });
    await deposit(user.account, "1", depositRefOf(user.id));
    await indexedToHead();
    const withDepth = (confirmations: number) => ({
      ...t.deps,
      config: { ...t.config, settlement: { ...t.config.settlement, confirmations: { 31337: confirmations } } },
    });

    expect((await settleChain(withDepth(5), 31337, new Map())).quietAt).toBeNull();
    expect((await balance(user.browser)).balance).toBe("500.00000000");
    const settling = await settleChain(withDepth(0), 31337, new Map());
    expect(settling.settled).toBeGreaterThanOrEqual(1);
    expect(settling.quietAt).toBeNull();
    expect((await balance(user.browser)).balance).toBe("501.00000000");

    const head = await chain.client.getBlockNumber({ cacheTime: 0 });
    expect(await settleChain(withDepth(0), 31337, new Map())).toEqual({ settled: 0, more: false, quietAt: head });
    expect(await settleChain(withDepth(5), 31337, new Map())).toEqual({ settled: 0, more: false, quietAt: head });

    // The worker on a quiet chain still credits the next deposit once it is indexed.
    startWorker();
    await sleep(100);
    await deposit(user.account, "2", depositRefOf(user.id));
    await waitFor("the second deposit to be credited", async () => (await balance(user.browser)).balance === "503.00000000");
  });

  it("a deposit whose reference names no user is kept as unmatched and credits nobody", async () => {
    const stranger = await fundedAccount("10");
    startWorker();
    const receipt = await deposit(stranger, "10", `0x${"00".repeat(16)}${"ab".repeat(16)}`);
    const rows = await waitFor("the deposit to be recorded", async () => {
      const found = await settledRows(receipt.transactionHash);
      return found.length ? found : null;
    });
    expect(rows[0]).toMatchObject({ outcome: "unmatched" });
    expect(rows[0]!.detail).toMatch(/names no user/);
    expect(await t.db.prisma.ledgerEntry.count({ where: { idempotencyKey: { contains: receipt.transactionHash.toLowerCase() } } })).toBe(0);
  });

  it("a LoopVault payout completes the loop withdrawal with its hash, from processing and from a lost answer", async () => {
    const user = await signInMember(t);
    await fundMember(t, user.id, 500n); // withdrawable LOOP: the welcome bonus is promotional
    const admin = await signInAdmin(t);
    startWorker();
    const destination = newAccount().address;
    const requested = withdrawalSchema.parse(
      (await user.browser.post("/api/tokens/withdraw").send({ amount: "20", method: "loop", destination }).expect(201)).body,
    );
    const processing = adminWithdrawalSchema.parse(
      (await admin.browser.put(`/api/admin/tokens/withdrawals/${requested.id}/status`).send({ status: "processing" }).expect(200)).body,
    );
    const completed = await waitFor("the withdrawal to complete", async () => {
      const list = (await user.browser.get("/api/tokens/withdrawals").expect(200)).body as Array<{
        id: string;
        status: string;
        transactionId: string;
      }>;
      const found = list.find((entry) => entry.id === requested.id);
      return found?.status === "completed" ? found : null;
    });
    expect(completed.transactionId).toBe(processing.transactionId);
    expect(await balance(user.browser)).toEqual({
      balance: "980.00000000",
      available: "980.00000000",
      held: "0.00000000",
      withdrawable: "480.00000000",
      promotional: "500.00000000",
    });
    expect(await t.db.prisma.notification.count({ where: { userId: user.id, title: "Withdrawal Completed" } })).toBe(1);

    // The payout was sent but the admin's call never recorded it (still pending): the chain completes it.
    const second = withdrawalSchema.parse(
      (await user.browser.post("/api/tokens/withdraw").send({ amount: "15", method: "loop", destination }).expect(201)).body,
    );
    const operator = wallet(privateKeyToAccount(operatorKey));
    const paid = await confirm(
      await operator.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "payout",
        args: [destination, parseEther("15"), payoutIdOf(second.id)],
      }),
    );
    await waitFor("the pending withdrawal to complete", async () => {
      const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: second.id } });
      return row.status === "completed" ? row : null;
    });
    const row = await t.db.prisma.withdrawal.findUniqueOrThrow({ where: { id: second.id } });
    expect(row.transactionId).toBe(paid.transactionHash.toLowerCase());
    expect(await balance(user.browser)).toEqual({
      balance: "965.00000000",
      available: "965.00000000",
      held: "0.00000000",
      withdrawable: "465.00000000",
      promotional: "500.00000000",
    });
    // The admin completing it by hand now is refused: it is final.
    await admin.browser
      .put(`/api/admin/tokens/withdrawals/${second.id}/status`)
      .send({ status: "completed", transactionId: paid.transactionHash })
      .expect(409);
  });

  it("GET /api/health reports the chain's head, the indexed head and the settlement backlog", async () => {
    const user = await signInMember(t, { account: await fundedAccount("5") });
    const receipt = await deposit(user.account, "5", depositRefOf(user.id));
    await indexedToHead();
    const waiting = healthResponseSchema.parse((await browser(t.app).get("/api/health").expect(200)).body);
    const local = waiting.chains.find((entry) => entry.chainId === 31337)!;
    expect(local).toMatchObject({ rpc: "ok", confirmations: 0, unsettledEvents: 1 });
    expect(BigInt(local.head!)).toBeGreaterThanOrEqual(receipt.blockNumber);
    expect(BigInt(local.indexedHead!)).toBeGreaterThanOrEqual(receipt.blockNumber);
    startWorker();
    await waitFor("the backlog to clear", async () => {
      const health = healthResponseSchema.parse((await browser(t.app).get("/api/health").expect(200)).body);
      return health.chains[0]!.unsettledEvents === 0;
    });
    expect((await balance(user.browser)).balance).toBe("505.00000000");
  });

  it("an API killed in the middle of settling: after a restart nothing is credited twice and nothing is lost", async () => {
    const user = await signInMember(t, { account: await fundedAccount("100") });
    const count = 25;
    const hashes: string[] = [];
    // One approval for all of them, then the deposits (each mined as it is sent).
    const from = wallet(user.account);
    await confirm(
      await from.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [vault, parseEther(String(count))] }),
    );
    const sent: Hex[] = [];
    for (let i = 0; i < count; i++)
      sent.push(
        await from.writeContract({
          address: vault,
          abi: loopVaultAbi,
          functionName: "deposit",
          args: [parseEther("1"), depositRefOf(user.id)],
        }),
      );
    for (const hash of sent) hashes.push((await confirm(hash)).transactionHash);
    await indexedToHead();

    // One files folder for both starts, as a restarted API has; removed after the test.
    const filesDir = mkdtempSync(path.join(os.tmpdir(), "loop-settlement-files-"));
    onTestFinished(() => rmSync(filesDir, { recursive: true, force: true }));
    const startApi = async () =>
      startApiProcess({
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: t.db.url,
        CHAIN_IDS: "31337",
        RPC_URL_31337: chain.node.url,
        DEPLOYMENTS_DIR: chain.deployments,
        API_PORT: String(await freePort()),
        APP_URL: "http://localhost:5173",
        SMTP_URL: "smtp://127.0.0.1:9",
        FILES_DIR: filesDir,
        // One event per transaction, so the kill lands between commits as well as inside one.
        SETTLEMENT_BATCH_SIZE: "1",
        SETTLEMENT_POLL_MS: "10",
      });
    const settledCount = () => t.db.prisma.settledEvent.count({ where: { txHash: { in: hashes.map((hash) => hash.toLowerCase()) } } });

    const first = await startApi();
    await waitFor("some but not all deposits to be settled", async () => {
      const settled = await settledCount();
      return settled > 0 ? settled : null;
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${first.output()}`);
    });
    await first.stop("SIGKILL");
    const atKill = await settledCount();
    expect(atKill).toBeLessThan(count);
    // What was committed is exactly what was credited.
    expect((await balance(user.browser)).balance).toBe(`${500 + atKill}.00000000`);

    const second = await startApi();
    try {
      await waitFor("every deposit to be settled", async () => (await settledCount()) === count);
    } finally {
      await second.stop("SIGINT");
    }
    expect((await balance(user.browser)).balance).toBe(`${500 + count}.00000000`);
    const entries = await t.db.prisma.ledgerEntry.findMany({
      where: { kind: "deposit", postings: { some: { account: { userId: user.id } } } },
    });
    expect(entries).toHaveLength(count);
  });

  it("the indexer restarted: it resumes from where it was and nothing is applied again", async () => {
    const user = await signInMember(t, { account: await fundedAccount("20") });
    startWorker();
    await deposit(user.account, "2", depositRefOf(user.id));
    await waitFor("the first deposit", async () => (await balance(user.browser)).balance === "502.00000000");

    await ponder.stop();
    const whileDown = await deposit(user.account, "3", depositRefOf(user.id));
    await sleep(300);
    expect((await balance(user.browser)).balance).toBe("502.00000000");
    const settledBefore = await t.db.prisma.settledEvent.count();
    ponder = await startPonder({ databaseUrl: t.db.url, rpcUrl: chain.node.url, deploymentsDir: chain.deployments });
    await waitFor("the deposit made while the indexer was down", async () => (await balance(user.browser)).balance === "505.00000000");
    await indexedToHead();
    await sleep(300);
    expect(await t.db.prisma.settledEvent.count()).toBe(settledBefore + 1);
    expect((await settledRows(whileDown.transactionHash))[0]).toMatchObject({ outcome: "applied" });
    expect((await balance(user.browser)).balance).toBe("505.00000000");
  });

  it("a reorg: an event within the confirmation depth that is reorged away is never credited; one settled past the depth is never applied again", async () => {
    const depth = 3;
    const user = await signInMember(t, { account: await fundedAccount("50") });
    const from = wallet(user.account);
    await confirm(
      await from.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [vault, parseEther("50")] }),
    );
    startWorker(depth);

    // Within the depth: mined, indexed, then reorged away before it is deep enough.
    const snapshot = await chain.testClient.snapshot();
    const shallow = await confirm(
      await from.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "deposit",
        args: [parseEther("7"), depositRefOf(user.id)],
      }),
    );
    await mineBlocks(depth - 1);
    await indexedToHead();
    await sleep(300);
    expect((await balance(user.browser)).balance).toBe("500.00000000");
    await chain.testClient.revert({ id: snapshot });
    await mineBlocks(depth + 2);
    await indexedToHead();
    await sleep(500);
    expect(await settledRows(shallow.transactionHash)).toEqual([]);
    expect((await balance(user.browser)).balance).toBe("500.00000000");

    // Past the depth: settled once; reorged out and mined again (the same signed transaction, the
    // same hash), it is not applied a second time.
    const before = await chain.testClient.snapshot();
    const request = await from.prepareTransactionRequest({
      to: vault,
      data: encodeFunctionData({ abi: loopVaultAbi, functionName: "deposit", args: [parseEther("9"), depositRefOf(user.id)] }),
      gas: 200_000n,
      maxFeePerGas: parseGwei("20"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
    const signed = await user.account.signTransaction!(request);
    const deep = await confirm(await chain.client.sendRawTransaction({ serializedTransaction: signed }));
    await mineBlocks(depth);
    await waitFor("the deep deposit to be credited", async () => (await balance(user.browser)).balance === "509.00000000");
    await chain.testClient.revert({ id: before });
    await mineBlocks(2);
    const again = await confirm(await chain.client.sendRawTransaction({ serializedTransaction: signed }));
    expect(again.transactionHash).toBe(deep.transactionHash);
    expect(again.blockHash).not.toBe(deep.blockHash);
    await mineBlocks(depth + 1);
    await indexedToHead();
    await sleep(500);
    expect(await settledRows(deep.transactionHash)).toHaveLength(1);
    expect((await balance(user.browser)).balance).toBe("509.00000000");
  });

  it("wallet-funded offers: opened on chain, accepted or rejected by the operator on the seller's answer, a counter accepted from the wallet, an offer the app would not take refunded", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { account: await fundedAccount("50000") });
    const marketplace = getAddress(t.config.chains[0]!.contracts!.marketplace);
    const sellerWallet = getAddress(seller.account.address);
    startWorker();
    const loopBalanceOf = (address: Address) => chain.loopBalanceOf(token, address);
    const openOffer = (loopId: string, usd: number, unchecked = false) => openWalletOffer(buyer, sellerWallet, loopId, usd, unchecked);

    // $12.50 on a $20.00 loop: a negotiation the seller sees, escrowed on chain.
    const first = await listedLoop(seller.id, 2000);
    const sellerBefore = await loopBalanceOf(sellerWallet);
    const { offerId } = await openOffer(first, 12.5);
    const row = await negotiationOf(offerId, "pending");
    const received = negotiationSchema.array().parse((await seller.browser.get("/api/negotiations?scope=received").expect(200)).body);
    expect(received.find((item) => item.id === row.id)).toMatchObject({
      funding: "wallet",
      offerAmount: "12.50",
      heldLoop: null,
      chainOfferId: offerId.toString(),
    });
    // The seller's accept is carried out by the operator and recorded from OfferSettled.
    const accepted = await respond(seller.browser, row.id, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ settling: "accept", status: "pending" });
    // A second answer is refused: 'Offer Settling' while the operator's transaction is in flight, or
    // 'Offer Closed' once OfferSettled is recorded (on a fast chain the settlement can win that race).
    const secondAnswer = await respond(seller.browser, row.id, { action: "reject" });
    expect(secondAnswer.status).toBe(409);
    expect([NEGOTIATION_MESSAGES.settling, NEGOTIATION_MESSAGES.closed]).toContain(secondAnswer.body.message);
    const done = await negotiationOf(offerId, "accepted");
    expect(await loopBalanceOf(sellerWallet)).toBe(sellerBefore + parseEther("6250"));
    expect(await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: done.purchaseId! } })).toMatchObject({
      method: "wallet",
      priceCents: 1250,
      buyerId: buyer.id,
    });

    // A counter the buyer accepts by raising the escrowed offer to it.
    const second = await listedLoop(seller.id, 2000);
    const { offerId: countered } = await openOffer(second, 5);
    const pending = await negotiationOf(countered, "pending");
    await respond(seller.browser, pending.id, { action: "counter", counterOffer: "8.00" }).expect(200);
    expect((await respond(buyer.browser, pending.id, { action: "accept" })).body.message).toBe(NEGOTIATION_MESSAGES.walletCounter);
    const expiresAt = (await chain.client.getBlock()).timestamp + 86_400n;
    await confirm(
      await wallet(buyer.account).writeContract({
        address: marketplace,
        abi: loopMarketplaceAbi,
        functionName: "changeOffer",
        args: [countered, parseEther("4000"), expiresAt],
      }),
    );
    const bought = await negotiationOf(countered, "accepted");
    expect(await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: bought.purchaseId! } })).toMatchObject({ priceCents: 800 });

    // The seller rejects: the escrow goes back to the buyer's wallet.
    const third = await listedLoop(seller.id, 2000);
    const { offerId: rejectedId } = await openOffer(third, 3);
    const toReject = await negotiationOf(rejectedId, "pending");
    const buyerBefore = await loopBalanceOf(buyer.account.address);
    await respond(seller.browser, toReject.id, { action: "reject" }).expect(200);
    await negotiationOf(rejectedId, "rejected");
    expect(await loopBalanceOf(buyer.account.address)).toBe(buyerBefore + parseEther("1530")); // $3.00 + 2%

    // Not below the price: the app does not take it, and the operator refunds it at once.
    const fourth = await listedLoop(seller.id, 500);
    const beforeOpen = await loopBalanceOf(buyer.account.address);
    const terms = await buyer.browser.post("/api/negotiations/wallet-terms").send({ loopId: fourth, format: "mp3", offerAmount: "5" });
    expect(terms.body.message).toBe(NEGOTIATION_MESSAGES.notBelowPrice);
    const { receipt: refusedOpen } = await openOffer(fourth, 5, true);
    const refused = await waitFor(
      "the refused offer",
      async () => (await settledRows(refusedOpen.transactionHash)).find((entry) => entry.kind === "offer_opened") ?? null,
    );
    expect(refused.outcome).toBe("unmatched");
    await waitFor("the refund", async () => (await loopBalanceOf(buyer.account.address)) === beforeOpen);
    expect(await t.db.prisma.negotiation.count({ where: { loopId: fourth } })).toBe(0);
  });

  it("a wallet offer answered just before its expiry, its settlement still confirming when the expiry job runs: the chain's answer decides, never the clock", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { account: await fundedAccount("20000") });
    const sellerWallet = getAddress(seller.account.address);
    const depth = 3;
    startWorker(depth);
    /** An offer of `usd` on a new $20.00 loop, recorded (its OfferOpened `depth` blocks deep). */
    const pendingOffer = async (usd: number) => {
      const loopId = await listedLoop(seller.id, 2000);
      await t.db.prisma.loop.update({ where: { id: loopId }, data: { mp3Key: `loops/${loopId}/full.mp3` } });
      const { offerId } = await openWalletOffer(buyer, sellerWallet, loopId, usd);
      await mineBlocks(depth);
      return { loopId, offerId, row: await negotiationOf(offerId, "pending") };
    };
    /** The expiry job, run a second after the offer's time. */
    const expiryJobAfter = (row: { expiresAt: Date }) => expireNegotiations(t.db.prisma, new Date(row.expiresAt.getTime() + 1000));
    const current = (id: string) => t.db.prisma.negotiation.findUniqueOrThrow({ where: { id } });

    // Accepted: the operator's settleOffer is mined (the answer waits for its receipt) but not yet
    // `depth` blocks deep when the offer's time passes.
    const sold = await pendingOffer(12.5);
    await respond(seller.browser, sold.row.id, { action: "accept" }).expect(200);
    await expiryJobAfter(sold.row);
    expect(await current(sold.row.id)).toMatchObject({ status: "pending", settling: "accept" });
    await mineBlocks(depth);
    const accepted = await negotiationOf(sold.offerId, "accepted");
    const purchase = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: accepted.purchaseId! } });
    expect(purchase).toMatchObject({ buyerId: buyer.id, loopId: sold.loopId, method: "wallet", priceCents: 1250 });
    expect(await t.db.prisma.licence.count({ where: { purchaseId: purchase.id } })).toBe(1);
    await buyer.browser.get(`/api/loops/${sold.loopId}/download?format=mp3`).expect(200);

    // Rejected: the buyer's escrow went back on chain; the offer ends rejected, not expired.
    const refused = await pendingOffer(4);
    const buyerBefore = await chain.loopBalanceOf(token, buyer.account.address);
    await respond(seller.browser, refused.row.id, { action: "reject" }).expect(200);
    await expiryJobAfter(refused.row);
    expect(await current(refused.row.id)).toMatchObject({ status: "pending", settling: "reject" });
    await mineBlocks(depth);
    await negotiationOf(refused.offerId, "rejected");
    expect(await chain.loopBalanceOf(token, buyer.account.address)).toBe(buyerBefore + parseEther("2040")); // $4.00 + 2%
    expect(await t.db.prisma.purchase.count({ where: { loopId: refused.loopId } })).toBe(0);

    // The clock won in the app (as when the answer's receipt never came back: the offer is open to
    // the clock again), and the operator's acceptance was mined all the same: still a sale.
    const late = await pendingOffer(6);
    await respond(seller.browser, late.row.id, { action: "accept" }).expect(200);
    await t.db.prisma.negotiation.update({ where: { id: late.row.id }, data: { settling: null } });
    await expiryJobAfter(late.row);
    expect(await current(late.row.id)).toMatchObject({ status: "expired" });
    await mineBlocks(depth);
    const lateSale = await negotiationOf(late.offerId, "accepted");
    expect(await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: lateSale.purchaseId! } })).toMatchObject({
      buyerId: buyer.id,
      priceCents: 600,
    });
    await buyer.browser.get(`/api/loops/${late.loopId}/download?format=mp3`).expect(200);
  });

  it("50 offers of 1 wei from an address no member has, in one block, cost the operator nothing: the deposit after them is credited by the next pass", async () => {
    const user = await signInMember(t, { account: await fundedAccount("10") });
    const seller = await signInMember(t);
    const stranger = await fundedAccount("1");
    const loopId = await listedLoop(seller.id, 2000);
    const marketplace = getAddress(t.config.chains[0]!.contracts!.marketplace);
    const operator = privateKeyToAccount(operatorKey).address;
    const operatorNonce = await chain.client.getTransactionCount({ address: operator });
    const from = wallet(stranger);
    await confirm(
      await from.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [marketplace, 10n ** 18n] }),
    );
    const expiresAt = (await chain.client.getBlock()).timestamp + 3_600n;
    const sellerWallet = getAddress(seller.account.address);
    await chain.testClient.setAutomine(false);
    const hashes: Hex[] = [];
    try {
      for (let i = 0; i < 50; i++)
        hashes.push(
          await from.writeContract({
            address: marketplace,
            abi: loopMarketplaceAbi,
            functionName: "openOffer",
            args: [uuidToBytes32(loopId), 0, sellerWallet, 1n, expiresAt],
            gas: 400_000n,
          }),
        );
      await mineBlocks(1);
    } finally {
      await chain.testClient.setAutomine(true);
    }
    const receipts = await Promise.all(hashes.map((hash) => confirm(hash)));
    expect(new Set(receipts.map((receipt) => receipt.blockNumber)).size).toBe(1);
    await deposit(user.account, "3", depositRefOf(user.id));
    await indexedToHead();

    // One pass settles the 50 offers (ignored: no member has that address) and the deposit, and the
    // operator sent nothing: no refusal to wait for, no gas, no nonce taken.
    const pass = await settleChain(
      { ...t.deps, config: { ...t.config, settlement: { ...t.config.settlement, confirmations: { 31337: 0 } } } },
      31337,
      new Map(),
    );
    expect(pass.settled).toBeGreaterThanOrEqual(51);
    expect((await balance(user.browser)).balance).toBe("503.00000000");
    const opened = await t.db.prisma.settledEvent.findMany({
      where: { kind: "offer_opened", txHash: { in: hashes.map((hash) => hash.toLowerCase()) } },
    });
    expect(opened).toHaveLength(50);
    expect(opened.every((row) => row.outcome === "unmatched" && row.detail!.includes("ignored"))).toBe(true);
    expect(await chain.client.getTransactionCount({ address: operator })).toBe(operatorNonce);
    const offerIds = receipts.flatMap((receipt) =>
      parseEventLogs({ abi: loopMarketplaceAbi, eventName: "OfferOpened", logs: receipt.logs }).map((log) => log.args.offerId.toString()),
    );
    expect(offerIds).toHaveLength(50);
    expect(await t.db.prisma.offerSettlementRequest.count({ where: { chainId: 31337, offerId: { in: offerIds } } })).toBe(0);
  });

  it("a member's wallet offer below the minimum offer is refused before the wallet opens, and ignored on chain: no negotiation, no operator transaction", async () => {
    const buyer = await signInMember(t, { account: await fundedAccount("1000") });
    const seller = await signInMember(t);
    const loopId = await listedLoop(seller.id, 2000);
    const operator = privateKeyToAccount(operatorKey).address;
    const operatorNonce = await chain.client.getTransactionCount({ address: operator });
    const terms = await buyer.browser.post("/api/negotiations/wallet-terms").send({ loopId, format: "mp3", offerAmount: "0.49" });
    expect([terms.status, terms.body.message]).toEqual([400, offerBelowMinimumMessage(50)]);

    // Sent anyway, straight to the contract (no terms asked): a member's offer, on a loop for sale, payable to its seller.
    const { offerId, receipt } = await openWalletOffer(buyer, getAddress(seller.account.address), loopId, 0.49, true);
    await indexedToHead();
    await settleChain(
      { ...t.deps, config: { ...t.config, settlement: { ...t.config.settlement, confirmations: { 31337: 0 } } } },
      31337,
      new Map(),
    );
    const opened = await t.db.prisma.settledEvent.findFirstOrThrow({
      where: { kind: "offer_opened", txHash: receipt.transactionHash.toLowerCase() },
    });
    expect(opened).toMatchObject({ outcome: "unmatched", detail: expect.stringContaining("below the minimum offer") });
    expect(await t.db.prisma.negotiation.count({ where: { loopId } })).toBe(0);
    expect(await t.db.prisma.offerSettlementRequest.count({ where: { chainId: 31337, offerId: offerId.toString() } })).toBe(0);
    expect(await chain.client.getTransactionCount({ address: operator })).toBe(operatorNonce);
  });

  it("an accepted settlement the app cannot make a sale of is a discrepancy: every admin is told, and the overview lists it until one resolves it", async () => {
    const seller = await signInMember(t);
    const buyer = await signInMember(t, { account: await fundedAccount("20000") });
    const admin = await signInAdmin(t);
    const depth = 2;
    startWorker(depth);
    const loopId = await listedLoop(seller.id, 2000);
    const { offerId } = await openWalletOffer(buyer, getAddress(seller.account.address), loopId, 5);
    await mineBlocks(depth);
    const row = await negotiationOf(offerId, "pending");
    await respond(seller.browser, row.id, { action: "accept" }).expect(200);
    // While the acceptance confirms, the buyer buys the same MP3 with in-app LOOP.
    await fundMember(t, buyer.id, 10_000n);
    await buyWithLoop(buyer.browser, loopId, "mp3");
    const { settleTx } = await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: row.id } });
    await mineBlocks(depth);
    const [settled] = await waitFor("the acceptance settled", async () => {
      const rows = (await settledRows(settleTx!)).filter((entry) => entry.kind === "offer_settled");
      return rows.length > 0 ? rows : null;
    });
    expect(settled!.outcome).toBe("discrepancy");
    // No second purchase; the offer is closed and its buyer told an admin will look at it.
    expect(await t.db.prisma.purchase.count({ where: { loopId, buyerId: buyer.id } })).toBe(1);
    expect(await t.db.prisma.negotiation.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "rejected",
      settling: null,
    });
    expect(await t.db.prisma.notification.count({ where: { userId: buyer.id, title: "Offer Payment Under Review" } })).toBe(1);
    const notices = await t.db.prisma.notification.findMany({ where: { userId: admin.id, title: "Settlement Discrepancy" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(row.id);
    expect(notices[0]!.message).toContain("owns");

    const listed = async () =>
      settlementDiscrepancyListSchema.parse((await admin.browser.get("/api/admin/settlement-discrepancies").expect(200)).body)
        .discrepancies;
    const open = (await listed()).find((entry) => entry.txHash === settleTx);
    expect(open).toMatchObject({ kind: "offer_settled", chainId: 31337, resolvedAt: null, resolution: null });
    await buyer.browser.get("/api/admin/settlement-discrepancies").expect(403);
    const resolve = (body: object) => admin.browser.post(`/api/admin/settlement-discrepancies/${open!.id}/resolve`).send(body);
    expect((await resolve({ resolution: "   " }).expect(400)).body.message).toBe("Resolution Required: say what was done about it");
    expect(
      (await admin.browser.post(`/api/admin/settlement-discrepancies/${randomUUID()}/resolve`).send({ resolution: "x" }).expect(404)).body
        .message,
    ).toBe(SETTLEMENT_DISCREPANCY_MESSAGES.notFound);
    const resolved = settlementDiscrepancySchema.parse(
      (await resolve({ resolution: "Refunded 2550 LOOP to the buyer's wallet" }).expect(200)).body,
    );
    const { username } = await t.db.prisma.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(resolved).toMatchObject({ id: open!.id, resolvedBy: username, resolution: "Refunded 2550 LOOP to the buyer's wallet" });
    expect((await resolve({ resolution: "again" }).expect(409)).body.message).toBe(SETTLEMENT_DISCREPANCY_MESSAGES.resolved);
    expect((await listed()).some((entry) => entry.id === open!.id)).toBe(false);
    const audit = (await admin.browser.get("/api/admin/audit-log").expect(200)).body as { entries: { action: string; targetId: string }[] };
    expect(audit.entries.find((entry) => entry.targetId === open!.id)?.action).toBe("settlement.discrepancy_resolved");
  });

  it("an arbiter's refund within the dispute window takes the purchase back: no download, the seller paid nothing, the buyer may buy again", async () => {
    // Before the test that moves chain time past the window (quotes are valid 15 minutes of real time).
    const seller = await signInMember(t);
    await t.db.prisma.walletLink.delete({ where: { userId: seller.id } });
    const buyer = await signInMember(t, { account: await fundedAccount("5000") });
    const loopId = await listedLoop(seller.id, 300);
    await t.db.prisma.loop.update({ where: { id: loopId }, data: { mp3Key: `loops/${loopId}/full.mp3` } });
    const marketplace = getAddress(t.config.chains[0]!.contracts!.marketplace);
    const arbiter = privateKeyToAccount(localAccounts.roles.arbiter.privateKey as Hex);
    startWorker();

    const q = walletQuoteSchema.parse((await buyer.browser.post("/api/purchases/quote").send({ loopId, format: "mp3" }).expect(201)).body);
    const paid = await payQuoteOnChain(wallet(buyer.account), confirm, { token, marketplace }, q);
    await waitFor("the purchase", async () => (await settledRows(paid.transactionHash)).some((entry) => entry.kind === "purchased"));
    await buyer.browser.get(`/api/loops/${loopId}/download?format=mp3`).expect(200);

    const buyerWalletBefore = await chain.loopBalanceOf(token, buyer.account.address);
    const refund = await confirm(
      await wallet(arbiter).writeContract({
        address: marketplace,
        abi: loopMarketplaceAbi,
        functionName: "refund",
        args: [q.quote.orderId as Hex],
      }),
    );
    const row = await waitFor(
      "the refund",
      async () => (await settledRows(refund.transactionHash)).find((entry) => entry.kind === "refunded") ?? null,
    );
    expect(row.outcome).toBe("applied");
    expect(await chain.loopBalanceOf(token, buyer.account.address)).toBe(buyerWalletBefore + BigInt(q.quote.price));

    const purchase = await t.db.prisma.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, loopId } });
    expect(purchase).toMatchObject({ refundRef: refund.transactionHash.toLowerCase(), ledgerEntryId: null });
    expect(purchase.refundedAt).not.toBeNull();
    expect(await balance(seller.browser)).toMatchObject({ balance: "500.00000000" });
    await buyer.browser.get(`/api/loops/${loopId}/download?format=mp3`).expect(403);
    expect(await t.db.prisma.notification.count({ where: { userId: buyer.id, title: "Purchase Refunded" } })).toBe(1);
    expect(await t.db.prisma.notification.count({ where: { userId: seller.id, title: "Sale Refunded" } })).toBe(1);
    // Not owned any more: it can be bought again.
    await buyer.browser.post("/api/purchases/quote").send({ loopId, format: "mp3" }).expect(201);
  });

  it("a wallet purchase is recorded from the Purchased event that matches the API's quote, never from the reported hash; the escrow pays the seller on release", async () => {
    const sellerWithWallet = await signInMember(t);
    const sellerByEmail = await signInMember(t);
    await t.db.prisma.walletLink.delete({ where: { userId: sellerByEmail.id } });
    const buyer = await signInMember(t, { account: await fundedAccount("5000") });
    const [onChainLoop, inAppLoop] = [await listedLoop(sellerWithWallet.id, 200), await listedLoop(sellerByEmail.id, 300)];
    const marketplace = getAddress(t.config.chains[0]!.contracts!.marketplace);
    startWorker();

    const quoteFor = async (loopId: string, format: "mp3" | "wav") =>
      walletQuoteSchema.parse((await buyer.browser.post("/api/purchases/quote").send({ loopId, format }).expect(201)).body);
    const pay = async (q: WalletQuote) => {
      return payQuoteOnChain(wallet(buyer.account), confirm, { token, marketplace }, q);
    };
    const report = (loopId: string, format: string, txHash: string) =>
      buyer.browser.post("/api/purchases/crypto").send({ loopId, format, txHash, token: "LOOP" });
    const loopBalanceOf = (address: Address) => chain.loopBalanceOf(token, address);
    const settled = (txHash: string, kind: string) =>
      waitFor(`the ${kind} event to settle`, async () => (await settledRows(txHash)).find((entry) => entry.kind === kind) ?? null);
    /** After the dispute window anyone may release an escrowed order. */
    const release = async (q: WalletQuote) => {
      const rpc = chain.testClient.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
      await rpc({ method: "evm_increaseTime", params: [DISPUTE_WINDOW_SECONDS + 1] });
      await mineBlocks(1);
      return confirm(
        await wallet(treasuryAccount).writeContract({
          address: marketplace,
          abi: loopMarketplaceAbi,
          functionName: "release",
          args: [q.quote.orderId as Hex],
        }),
      );
    };

    // $2.00 MP3: fee 4¢; 1020 LOOP, of which 1000 to the seller's own wallet.
    const q = await quoteFor(onChainLoop, "mp3");
    expect(q).toMatchObject({
      chainId: 31337,
      marketplace,
      price: "2.00",
      fee: "0.04",
      total: "2.04",
      loopAmount: "1020.00000000",
      totalWei: parseEther("1020").toString(),
    });
    expect(getAddress(q.quote.seller)).toBe(getAddress(sellerWithWallet.account.address));
    // A hash the page reports proves nothing: still pending, nothing recorded.
    expect((await report(onChainLoop, "mp3", `0x${"ab".repeat(32)}`).expect(202)).body).toEqual({ status: "pending", purchase: null });
    const sellerWalletBefore = await loopBalanceOf(sellerWithWallet.account.address);
    const receipt = await pay(q);
    const done = await waitFor("the purchase to be recorded", async () => {
      const response = await report(onChainLoop, "mp3", receipt.transactionHash);
      return response.status === 200 ? cryptoPurchaseStatusSchema.parse(response.body) : null;
    });
    expect(done.purchase).toMatchObject({ method: "wallet", format: "mp3", total: "2.04", loopAmount: "1020.00000000" });
    const row = await t.db.prisma.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, loopId: onChainLoop } });
    expect(row).toMatchObject({
      method: "wallet",
      externalRef: receipt.transactionHash.toLowerCase(),
      priceCents: 200,
      feeCents: 4,
      ledgerEntryId: null,
    });
    // On-chain XP: 7 + 2 for the buyer, 12 + 2 for the seller.
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } })).experience).toBe(9);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: sellerWithWallet.id } })).experience).toBe(14);
    expect(await t.db.prisma.notification.count({ where: { userId: sellerWithWallet.id, title: "New Sale" } })).toBe(1);
    // Bought: no second quote; and the paid quote cannot be paid again.
    await buyer.browser.post("/api/purchases/quote").send({ loopId: onChainLoop, format: "mp3" }).expect(409);
    await expect(pay(q)).rejects.toThrow(/OrderAlreadyUsed/);

    // A seller without a wallet: paid to LoopVault on chain, credited in app once the escrow is released.
    const q2 = await quoteFor(inAppLoop, "wav");
    expect(getAddress(q2.quote.seller)).toBe(vault);
    const paid2 = await pay(q2);
    await settled(paid2.transactionHash, "purchased");
    expect(await balance(sellerByEmail.browser)).toMatchObject({ balance: "500.00000000" });
    expect(await loopBalanceOf(sellerWithWallet.account.address)).toBe(sellerWalletBefore);

    // A quote the API never issued (signed with the signer key for an unknown order) is paid on chain but recorded nowhere.
    const forged = await quoteFor(await listedLoop(sellerWithWallet.id, 100), "mp3");
    await t.db.prisma.purchaseQuote.delete({ where: { id: uuidFromBytes32(forged.quote.orderId)! } });
    const orphan = await pay(forged);
    expect(await settled(orphan.transactionHash, "purchased")).toMatchObject({ outcome: "unmatched" });
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id } })).toBe(2);

    // Released after the dispute window (chain time moves on by it: the last wallet payments of this chain).
    await settled((await release(q)).transactionHash, "released");
    expect(await loopBalanceOf(sellerWithWallet.account.address)).toBe(sellerWalletBefore + parseEther("1000"));
    expect(await t.db.prisma.notification.count({ where: { userId: sellerWithWallet.id, title: "Sale Released" } })).toBe(1);
    await settled((await release(q2)).transactionHash, "released");
    expect(await balance(sellerByEmail.browser)).toMatchObject({ balance: "2000.00000000" }); // 500 + $3.00 × 500
    const credited = await t.db.prisma.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, loopId: inAppLoop } });
    expect(credited.ledgerEntryId).not.toBeNull();

    // Nor after its deadline (chain time is past a fresh quote's by now): it reverts, nothing more is recorded.
    const late = await quoteFor(await listedLoop(sellerWithWallet.id, 100), "mp3");
    await expect(pay(late)).rejects.toThrow(/QuoteExpired/);
    expect(await t.db.prisma.purchase.count({ where: { buyerId: buyer.id } })).toBe(2);
  });

  it("quotes are refused for what cannot be bought from a wallet", async () => {
    const seller = await signInMember(t);
    const noWallet = await signInMember(t);
    await t.db.prisma.walletLink.delete({ where: { userId: noWallet.id } });
    const paid = await listedLoop(seller.id, 150);
    const free = await listedLoop(seller.id, 0);
    const quote = (as: Browser, body: unknown) => as.post("/api/purchases/quote").send(body as object);
    expect((await quote(seller.browser, { loopId: paid, format: "mp3" }).expect(400)).body.message).toBe(PURCHASE_MESSAGES.ownLoop);
    expect((await quote(noWallet.browser, { loopId: paid, format: "mp3" }).expect(400)).body.message).toBe(
      WALLET_PURCHASE_MESSAGES.noWallet,
    );
    const buyer = await signInMember(t);
    expect((await quote(buyer.browser, { loopId: free, format: "mp3" }).expect(400)).body.message).toBe(WALLET_PURCHASE_MESSAGES.free);
    expect((await quote(buyer.browser, { loopId: paid, format: "ogg" }).expect(400)).body.message).toBe(PURCHASE_MESSAGES.format);
    await quote(buyer.browser, { loopId: randomUUID(), format: "mp3" }).expect(404);
    expect(
      (await buyer.browser.post("/api/purchases/crypto").send({ loopId: paid, format: "mp3", txHash: "0x12" }).expect(400)).body.message,
    ).toBe(WALLET_PURCHASE_MESSAGES.txHash);
    expect(
      (
        await buyer.browser
          .post("/api/purchases/crypto")
          .send({ loopId: paid, format: "mp3", txHash: `0x${"cd".repeat(32)}` })
          .expect(404)
      ).body.message,
    ).toBe(WALLET_PURCHASE_MESSAGES.noQuote);
  });

  it("a fresh local chain under the same database: its events settle, the old chain's records stay", async () => {
    // Hardhat's account 4: the same key and nonces on both chains, so the deposit transaction (with
    // fixed fees) has the same hash on both: only the chain's genesis tells them apart.
    const depositor = mnemonicToAccount(localAccounts.mnemonic, { addressIndex: 4 });
    const user = await signInMember(t);
    const depositOnce = async (target: Chain) => {
      const client = createWalletClient({ account: depositor, chain: target.chain, transport: http(target.node.url) });
      const fees = { gas: 200_000n, maxFeePerGas: parseGwei("20"), maxPriorityFeePerGas: parseGwei("1") };
      await target.client.waitForTransactionReceipt({
        hash: await client.writeContract({
          address: token,
          abi: loopTokenAbi,
          functionName: "approve",
          args: [vault, parseEther("4")],
          ...fees,
        }),
      });
      return target.client.waitForTransactionReceipt({
        hash: await client.writeContract({
          address: vault,
          abi: loopVaultAbi,
          functionName: "deposit",
          args: [parseEther("4"), depositRefOf(user.id)],
          ...fees,
        }),
      });
    };
    startWorker();
    const old = await depositOnce(chain);
    await waitFor("the deposit on the first chain", async () => (await balance(user.browser)).balance === "504.00000000");
    const entriesBefore = await t.db.prisma.ledgerEntry.count();
    await stopWorker();

    // What `pnpm dev` does: a new node, the contracts deployed again, the indexer rebuilt, the API restarted.
    await ponder.stop();
    const previous = chain;
    chain = await startChain();
    await previous.stop();
    await resetIndexer(t.db.url);
    ponder = await startPonder({ databaseUrl: t.db.url, rpcUrl: chain.node.url, deploymentsDir: chain.deployments });
    const restarted = await createTestApp({
      db: t.db,
      env: {
        RPC_URL_31337: chain.node.url,
        DEPLOYMENTS_DIR: chain.deployments,
        OPERATOR_PRIVATE_KEY: operatorKey,
        SETTLEMENT_POLL_MS: "20",
      },
    });
    expect(getAddress(restarted.config.chains[0]!.contracts!.vault)).toBe(vault);
    worker = startSettlementWorker(restarted.deps);
    try {
      const fresh = await depositOnce(chain);
      expect(fresh.transactionHash).toBe(old.transactionHash);
      await waitFor("the deposit on the fresh chain", async () => (await balance(user.browser)).balance === "508.00000000");
      const rows = await settledRows(fresh.transactionHash);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((row) => row.genesisHash)).size).toBe(2);
      expect(await t.db.prisma.ledgerEntry.count()).toBe(entriesBefore + 1);
    } finally {
      await stopWorker();
      await restarted.close();
    }
  });
});
