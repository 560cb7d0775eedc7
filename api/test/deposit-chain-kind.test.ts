// Deposits are credited 1:1 whatever the chain, so only from chains of the deployment's kind (test
// chains, the local one included, or mainnets): a Deposited event of another kind is kept unmatched
// and credits nothing. The handler is applied as the settlement worker applies it, in a transaction
// on this file's database; no chain is needed (settlement.test.ts runs the real indexer and chain).
import { randomBytes } from "node:crypto";
import { depositRefOf } from "@loop/rules/deposit-ref";
import { tokenBalanceSchema } from "@loop/rules/schemas/tokens";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import type { AppDeps } from "../src/deps";
import { depositedHandler } from "../src/features/settlement/handlers/deposited";
import type { IndexedEvent } from "../src/features/settlement/settlement-handler";
import { signInMember } from "./support/members";
import { type TestApp } from "./support/test-app";
import { ledgerCheckedApp } from "./support/suite-app";

const SENDER = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const WEI_PER_LOOP = 10n ** 18n;
const hex32 = () => `0x${randomBytes(32).toString("hex")}`;

describe("deposits are credited only from chains of the deployment's kind", () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof signInMember>>;
  const balance = async (member: Member) =>
    tokenBalanceSchema.parse((await member.browser.get("/api/tokens/balance").expect(200)).body).balance;
  const deposits = (member: Member) =>
    t.db.prisma.ledgerEntry.count({ where: { kind: "deposit", postings: { some: { account: { userId: member.id } } } } });
  const told = (member: Member) => t.db.prisma.notification.count({ where: { userId: member.id, title: "Deposit Received" } });

  /** LoopVault.Deposited of `loop` LOOP for the member, as indexed on `chainId`. */
  const deposited = (chainId: number, member: Member, loop: bigint): IndexedEvent => ({
    chainId,
    genesisHash: hex32(),
    txHash: hex32(),
    logIndex: 0,
    blockNumber: 1n,
    blockHash: hex32(),
    blockTimestamp: BigInt(Math.floor(Date.now() / 1000)),
    address: `0x${"ab".repeat(20)}`,
    args: { from: SENDER.toLowerCase(), account_ref: depositRefOf(member.id), amount: (loop * WEI_PER_LOOP).toString() },
  });
  const settle = (deps: AppDeps, event: IndexedEvent) => t.db.prisma.$transaction((tx) => depositedHandler.apply(tx, event, deps));
  const refused = (chainId: number, what: string, deployment: string) => ({
    outcome: "unmatched",
    detail: `chain ${chainId} is ${what}; this deployment runs on ${deployment}s: ${100n * WEI_PER_LOOP} wei from ${SENDER} not credited`,
  });

  ledgerCheckedApp((app) => (t = app));

  it("on test chains (the local chain here): a mainnet's deposit is unmatched and credits nothing; test chains' are credited", async () => {
    expect(t.config.chainKind).toBe("testnet");
    const member = await signInMember(t);
    const before = await balance(member);
    for (const chainId of [1, 56, 137, 42161]) {
      expect(await settle(t.deps, deposited(chainId, member, 100n))).toEqual(refused(chainId, "a mainnet", "testnet"));
    }
    expect(await settle(t.deps, deposited(999, member, 100n))).toEqual(refused(999, "not a known chain", "testnet"));
    expect(await balance(member)).toBe(before);
    expect(await deposits(member)).toBe(0);
    expect(await told(member)).toBe(0);

    for (const chainId of [31337, 11155111, 97]) {
      expect(await settle(t.deps, deposited(chainId, member, 100n))).toMatchObject({ outcome: "applied" });
    }
    expect(await balance(member)).toBe("800.00000000");
    expect(await deposits(member)).toBe(3);
    expect(await told(member)).toBe(3);
  });

  it("on mainnets: no test chain's deposit is credited, the local chain's included", async () => {
    const mainnet: AppDeps = {
      ...t.deps,
      config: loadConfig({
        DATABASE_URL: t.db.url,
        CHAIN_IDS: "56,1",
        RPC_URL_56: "https://bsc.example/rpc",
        RPC_URL_1: "https://eth.example/rpc",
      }),
    };
    expect(mainnet.config.chainKind).toBe("mainnet");
    const member = await signInMember(t);
    const before = await balance(member);
    for (const chainId of [31337, 11155111, 97]) {
      expect(await settle(mainnet, deposited(chainId, member, 100n))).toEqual(refused(chainId, "a testnet", "mainnet"));
    }
    expect(await balance(member)).toBe(before);
    expect(await deposits(member)).toBe(0);
    expect(await told(member)).toBe(0);

    expect(await settle(mainnet, deposited(56, member, 100n))).toMatchObject({ outcome: "applied" });
    expect(await balance(member)).toBe("600.00000000");
  });
});
