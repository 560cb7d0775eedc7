// The reserve backs the in-app balances (issue 17): against the real contracts, the real indexer
// (Ponder) and the settlement worker, a sequence of sales (to a seller with a wallet and to one
// without), deposits, payouts and fee withdrawals; after every step, once the chain's events are
// settled, LoopVault's reserve is at least the ledger's vault liability, and the admin figures
// (GET /api/admin/vault/backing) explain the difference to the wei. The vault is deployed without
// the treasury's funding, so every LOOP in the reserve came from what the members did.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import { localAccounts } from "@loop/contracts/local-accounts";
import { depositRefOf } from "@loop/rules/deposit-ref";
import { walletQuoteSchema, type WalletQuote } from "@loop/rules/schemas/purchases";
import { vaultBackingSchema, type VaultBackingChain } from "@loop/rules/schemas/vault-backing";
import { withdrawalSchema } from "@loop/rules/schemas/withdrawals";
import { getAddress, parseEther, type Address, type Hex, type LocalAccount } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { reconcile } from "../src/features/admin/vault-backing.service";
import { checkLedger } from "../src/features/ledger/ledger-check";
import { startSettlementWorker, type SettlementWorker } from "../src/features/settlement/settlement-worker";
import { tokenBalance } from "./support/api-calls";
import { deployContracts } from "./support/deploy-contracts";
import { insertLoopRow } from "./support/listed-loop";
import { localChain } from "./support/local-chain";
import { startPonder, type RunningPonder } from "./support/ponder";
import { signInAdmin, signInMember, type Member } from "./support/members";
import { newAccount, type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS, waitFor as waitUntil } from "./support/wait";
import { payQuoteOnChain } from "./support/wallet-quote";

/** The indexer and the settlement worker take their time: asked every 100 ms. */
const waitFor = <T>(what: string, probe: () => Promise<T | null | undefined | false>) => waitUntil(what, probe, EVENT_DEADLINE_MS, 100);

/** LOOP as the API writes it (exact decimal string) → wei. */
const wei = (loop: string) => parseEther(loop);

describe("LoopVault's reserve backs the ledger's vault liability after every step", () => {
  let t: TestApp;
  let ponder: RunningPonder;
  let worker: SettlementWorker | null = null;
  let deployments: string;
  let token: Address;
  let vault: Address;
  let marketplace: Address;
  let admin: { browser: Browser; id: string };
  const rpcUrl = inject("rpcUrl");
  const { client, wallet, confirm, ...chain } = localChain(rpcUrl);
  // Account #0 deploys, is the contracts' admin and funds the test wallets; the node signs for it.
  const treasury = wallet(getAddress(localAccounts.roles.deployer.address));

  const fundedAccount = (loop: string) => chain.fundedAccount(treasury.account.address, token, loop);
  const balance = tokenBalance;
  const listedLoop = (userId: string, cents: number) =>
    insertLoopRow(t.db.prisma, { userId, title: `Loop ${randomUUID().slice(0, 6)}`, priceCents: cents, isFree: false });
  const deposit = (account: LocalAccount, loop: string, ref: Hex) => chain.depositToVault(account, { token, vault }, loop, ref);
  async function buy(buyer: Member, loopId: string, format: "mp3" | "wav"): Promise<WalletQuote> {
    const q = walletQuoteSchema.parse((await buyer.browser.post("/api/purchases/quote").send({ loopId, format }).expect(201)).body);
    await payQuoteOnChain(wallet(buyer.account), confirm, { token, marketplace }, q);
    return q;
  }
  async function withdrawLoop(member: { browser: Browser }, amount: string) {
    const w = withdrawalSchema.parse(
      (await member.browser.post("/api/tokens/withdraw").send({ amount, method: "loop", destination: newAccount().address }).expect(201))
        .body,
    );
    await admin.browser.put(`/api/admin/tokens/withdrawals/${w.id}/status`).send({ status: "processing" }).expect(200);
    return w;
  }
  const onChain = async () => ({
    reserve: await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "reserve" }),
    fees: await client.readContract({ address: vault, abi: loopVaultAbi, functionName: "fees" }),
  });
  async function backing() {
    const body = vaultBackingSchema.parse((await admin.browser.get("/api/admin/vault/backing").expect(200)).body);
    const local = body.chains.find((c) => c.chainId === 31337)!;
    return { body, local };
  }
  const cause = (local: VaultBackingChain, code: string) => wei(local.causes.find((c) => c.code === code)!.amount);
  const startWorker = () => {
    worker = startSettlementWorker(t.deps);
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };

  /**
   * The step is over once the indexer has every event of it and the settlement has applied them:
   * then the reserve is at least the ledger's liability, which is what the test expects from the
   * members' moves, and the known causes explain the difference exactly.
   */
  async function expectBacked(step: string, expected: { liability: bigint; causes?: Record<string, bigint> }) {
    const { body, local } = await waitFor(`"${step}" to be indexed and settled`, async () => {
      const figures = await backing();
      const { local: c } = figures;
      const settled =
        c.unexplained === "0" && ["deposits_unsettled", "sales_unsettled", "payouts_unsettled"].every((code) => cause(c, code) === 0n);
      return settled && c.liability !== null && wei(c.liability) === expected.liability ? figures : null;
    }).catch(async (error: Error) => {
      throw new Error(`${error.message}; last figures: ${JSON.stringify((await backing()).local)}`);
    });
    const chainNow = await onChain();
    expect(local.problem, step).toBeNull();
    expect(wei(local.reserve!), `${step}: the API's reserve is the chain's`).toBe(chainNow.reserve);
    expect(wei(local.fees!), `${step}: the API's fees are the chain's`).toBe(chainNow.fees);
    const [reserve, liability] = [wei(local.reserve!), wei(local.liability!)];
    expect(reserve >= liability, `${step}: reserve ${local.reserve} ≥ liability ${local.liability}`).toBe(true);
    expect(wei(local.difference!)).toBe(reserve - liability);
    expect(
      local.causes.reduce((sum, c) => sum + wei(c.amount), 0n),
      `${step}: the causes explain the difference`,
    ).toBe(reserve - liability);
    for (const c of local.causes) expect(wei(c.amount), `${step}: ${c.code}`).toBe(expected.causes?.[c.code] ?? 0n);
    expect(wei(body.reservesTotal!)).toBe(reserve);
    expect(await checkLedger(t.db.prisma)).toEqual([]);
    return { local, body };
  }

  beforeAll(async () => {
    deployments = mkdtempSync(path.join(os.tmpdir(), "loop-vault-backing-deployments-"));
    await deployContracts(rpcUrl, deployments, { VAULT_RESERVE_LOOP: "0" });
    t = await createTestApp({
      env: {
        DEPLOYMENTS_DIR: deployments,
        OPERATOR_PRIVATE_KEY: localAccounts.roles.operator.privateKey,
        QUOTE_SIGNER_PRIVATE_KEY: localAccounts.roles.quoteSigner.privateKey,
        SETTLEMENT_POLL_MS: "20",
      },
    });
    const contracts = t.config.chains.find((c) => c.id === 31337)!.contracts!;
    [token, vault, marketplace] = [getAddress(contracts.token), getAddress(contracts.vault), getAddress(contracts.marketplace)];
    ponder = await startPonder({ databaseUrl: t.db.url, rpcUrl, deploymentsDir: deployments });
    admin = await signInAdmin(t);
  });
  afterEach(async () => {
    await stopWorker();
  });
  afterAll(async () => {
    await stopWorker();
    await ponder?.stop();
    await t?.close();
    if (deployments) rmSync(deployments, { recursive: true, force: true });
  });

  it("sales, deposits, payouts and fee withdrawals: reserve ≥ liability after each, every difference explained", async () => {
    startWorker();
    let liability = 0n;
    const start = await expectBacked("start", { liability });
    expect(start.local).toMatchObject({ reserve: "0", fees: "0", vault, payoutChain: true });

    // 1. A member deposits 300 LOOP from their wallet: credited in app, and reserve.
    const depositor = await signInMember(t, { account: await fundedAccount("1000") });
    await deposit(depositor.account, "300", depositRefOf(depositor.id));
    liability += parseEther("300");
    await expectBacked("deposit", { liability });
    expect(await balance(depositor.browser)).toMatchObject({ balance: "800.00000000" });

    // 2. A sale to a seller with a wallet: the price goes to their wallet, the fee to the vault's fees; the ledger owes nothing.
    const buyer = await signInMember(t, { account: await fundedAccount("10000") });
    const sellerWithWallet = await signInMember(t);
    const toWallet = await buy(buyer, await listedLoop(sellerWithWallet.id, 200), "mp3");
    expect(getAddress(toWallet.quote.seller)).toBe(getAddress(sellerWithWallet.account.address));
    await expectBacked("sale to a seller with a wallet", { liability });
    expect((await onChain()).fees).toBe(BigInt(toWallet.quote.fee));

    // 3. A sale to a seller without a wallet: the quote's seller is the vault, the seller is credited
    //    in app, and the price must be reserve (before issue 17 it counted as fees).
    const sellerWithoutWallet = await signInMember(t);
    await t.db.prisma.walletLink.delete({ where: { userId: sellerWithoutWallet.id } });
    const toVault = await buy(buyer, await listedLoop(sellerWithoutWallet.id, 300), "wav");
    expect(getAddress(toVault.quote.seller)).toBe(vault);
    liability += BigInt(toVault.quote.price);
    await expectBacked("sale to a seller without a wallet", { liability });
    expect(await balance(sellerWithoutWallet.browser)).toMatchObject({ balance: "2000.00000000" }); // 500 + $3.00 × 500
    expect((await onChain()).fees).toBe(BigInt(toWallet.quote.fee) + BigInt(toVault.quote.fee));

    // 4. The admin withdraws every fee: never a seller's proceeds.
    const { fees } = await onChain();
    await expect(
      treasury.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "withdrawFees",
        args: [treasury.account.address, fees + 1n],
      }),
    ).rejects.toThrow(/InsufficientFees/);
    await confirm(
      await treasury.writeContract({
        address: vault,
        abi: loopVaultAbi,
        functionName: "withdrawFees",
        args: [treasury.account.address, fees],
      }),
    );
    const afterFees = await expectBacked("fee withdrawal", { liability });
    expect(afterFees.local.fees).toBe("0");

    // 5. A payout in flight: paid on chain, not settled yet. The reserve is short of the liability
    //    by exactly the payout, and the figures say so; once settled, it is backed again.
    await stopWorker();
    await withdrawLoop(sellerWithoutWallet, "1000");
    const inFlight = await waitFor("the payout to be indexed", async () => {
      const { local } = await backing();
      return local.unexplained === "0" && cause(local, "payouts_unsettled") !== 0n ? local : null;
    });
    expect(cause(inFlight, "payouts_unsettled")).toBe(-parseEther("1000"));
    expect(wei(inFlight.difference!)).toBe(-parseEther("1000"));
    expect(inFlight.causes.reduce((sum, c) => sum + wei(c.amount), 0n)).toBe(-parseEther("1000"));
    startWorker();
    liability -= parseEther("1000");
    await expectBacked("payout to a seller without a wallet", { liability });
    expect(await balance(sellerWithoutWallet.browser)).toMatchObject({ balance: "1000.00000000", held: "0.00000000" });

    // 6. The depositor takes 200 LOOP back out.
    await withdrawLoop(depositor, "200");
    liability -= parseEther("200");
    await expectBacked("payout to the depositor", { liability });

    // 7. A deposit whose reference names no member: reserve, owed to nobody in the ledger yet.
    const stranger = await fundedAccount("50");
    await deposit(stranger, "10", `0x${"00".repeat(16)}${"ab".repeat(16)}`);
    const unmatched = { deposits_unmatched: parseEther("10") };
    await expectBacked("unmatched deposit", { liability, causes: unmatched });

    // 8. The treasury funds the reserve (it backs LOOP issued in the app).
    await confirm(
      await treasury.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [vault, parseEther("50")] }),
    );
    await confirm(
      await treasury.writeContract({ address: vault, abi: loopVaultAbi, functionName: "fundReserve", args: [parseEther("50")] }),
    );
    const end = await expectBacked("treasury funding", { liability, causes: { ...unmatched, treasury_funding: parseEther("50") } });
    expect(end.local.reserve).toBe("660"); // 300 + 1500 − 1000 − 200 + 10 + 50
    expect(end.local.liability).toBe("600");
    expect(end.local.payoutLimit).toBe(localAccounts.payoutLimitLoop);
    expect(wei(end.local.payoutRemaining!)).toBe(parseEther(localAccounts.payoutLimitLoop) - parseEther("1200"));
    // Platform-wide: five members got the welcome bonus (promotional); what they can withdraw on chain is their withdrawable balances.
    const members = await t.db.prisma.ledgerAccount.aggregate({ where: { kind: "user" }, _sum: { balance: true } });
    expect(end.body).toMatchObject({ issuedInApp: "2500", treasuryFunding: "50", reservesTotal: "660" });
    expect(wei(end.body.memberLoop)).toBe(members._sum.balance! * 10n ** 10n);
  });
});

describe("GET /api/admin/vault/backing without an indexer or a chain", () => {
  let deployments: string;
  const apps: TestApp[] = [];
  const rpcUrl = inject("rpcUrl");

  beforeAll(async () => {
    deployments = mkdtempSync(path.join(os.tmpdir(), "loop-vault-backing-degraded-"));
    await deployContracts(rpcUrl, deployments);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (deployments) rmSync(deployments, { recursive: true, force: true });
  });

  it("is for admins only; without the indexer the on-chain figures show and the ledger's side says why it is missing", async () => {
    const t = await createTestApp({ env: { DEPLOYMENTS_DIR: deployments } });
    apps.push(t);
    await browser(t.app).get("/api/admin/vault/backing").expect(401);
    const member = (await signInMember(t)).browser;
    await member.get("/api/admin/vault/backing").expect(403);
    const body = vaultBackingSchema.parse((await (await signInAdmin(t)).browser.get("/api/admin/vault/backing").expect(200)).body);
    expect(body.chains).toEqual([
      expect.objectContaining({
        chainId: 31337,
        reserve: localAccounts.vaultReserveLoop,
        fees: "0",
        liability: null,
        difference: null,
        payoutLimit: localAccounts.payoutLimitLoop,
        problem: "The indexer has not indexed chain 31337 yet: the ledger's side cannot be reckoned.",
      }),
    ]);
    // Two members with their welcome bonus: issued, but promotional (it cannot be withdrawn, so members can withdraw nothing);
    // the treasury's funding is unknown without the indexer.
    expect(body).toMatchObject({
      memberLoop: "0",
      issuedInApp: "1000",
      treasuryFunding: null,
      reservesTotal: localAccounts.vaultReserveLoop,
    });
  });

  it("a chain that does not answer gives null figures and the reason, not an error", async () => {
    const t = await createTestApp({ env: { DEPLOYMENTS_DIR: deployments, RPC_URL_31337: "http://127.0.0.1:9" } });
    apps.push(t);
    const body = vaultBackingSchema.parse((await (await signInAdmin(t)).browser.get("/api/admin/vault/backing").expect(200)).body);
    expect(body.chains[0]).toMatchObject({
      chainId: 31337,
      reserve: null,
      liability: null,
      payoutLimit: null,
      problem: expect.stringMatching(/^Chain 31337 did not answer/),
    });
    expect(body.reservesTotal).toBeNull();
  });
});

describe("the reckoning of the vault's events", () => {
  it("puts each kind of event, by how it was settled, into the liability or into its cause", () => {
    const { liability, causes } = reconcile([
      { kind: "deposited", outcome: "applied", wei: 300n, events: 2 },
      { kind: "deposited", outcome: null, wei: 7n, events: 1 },
      { kind: "deposited", outcome: "unmatched", wei: 11n, events: 1 },
      { kind: "reserve_funded", outcome: null, wei: 50n, events: 1 },
      { kind: "sale", outcome: "applied", wei: 1500n, events: 1 },
      { kind: "sale", outcome: null, wei: 13n, events: 1 },
      { kind: "sale", outcome: "unmatched", wei: 17n, events: 1 },
      { kind: "sale", outcome: "already_applied", wei: 19n, events: 1 },
      { kind: "paid_out", outcome: "applied", wei: 200n, events: 1 },
      { kind: "paid_out", outcome: "already_applied", wei: 100n, events: 1 },
      { kind: "paid_out", outcome: null, wei: 23n, events: 1 },
      { kind: "paid_out", outcome: "unmatched", wei: 29n, events: 1 },
    ]);
    // Credited in app: deposits and sales applied; paid out: payouts the ledger completed (from the chain or by hand).
    expect(liability).toBe(300n + 1500n - 200n - 100n);
    expect(Object.fromEntries([...causes].map(([code, { wei: amount, events }]) => [code, [amount, events]]))).toEqual({
      treasury_funding: [50n, 1],
      deposits_unsettled: [7n, 1],
      deposits_unmatched: [11n, 1],
      sales_unsettled: [13n, 1],
      sales_not_credited: [17n + 19n, 2],
      payouts_unsettled: [-23n, 1],
      payouts_unmatched: [-29n, 1],
    });
  });
});
