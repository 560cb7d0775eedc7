// GET /api/admin/stats: the dashboard's figures, from the users, loops, sessions and purchases
// tables and the ledger's platform accounts, and the LOOP the LoopVault contract holds on chain.
import { loopVaultAbi } from "@loop/contracts/abis";
import type { AdminStats } from "@loop/rules/schemas/admin";
import { WEI_PER_LEDGER_UNIT, formatLoop, formatUsd } from "@loop/rules/units";
import { getAddress } from "viem";
import type { PrismaClient, Tx } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { platformBalance } from "../ledger/ledger.service";

/** "Active": a session of the user was used (or created) within this window. */
export const ACTIVE_WINDOW_DAYS = 30;

async function activeUsers(prisma: Tx | PrismaClient): Promise<number> {
  // last_seen_at starts at sign-in and is refreshed while the session is used (session.service.ts);
  // a session that was signed out is gone, so its user counts through their other sessions only.
  const since = new Date(Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(DISTINCT "user_id") AS n FROM "app"."sessions" WHERE "last_seen_at" >= ${since}`;
  return Number(rows[0]?.n ?? 0n);
}

/** Every purchase row is a paid licence (free loops add 0): the buyer paid price + fee. */
async function totalRevenueCents(prisma: Tx | PrismaClient): Promise<bigint> {
  const rows = await prisma.$queryRaw<{ cents: bigint | null }[]>`
    SELECT SUM("price_cents"::bigint + "fee_cents"::bigint)::bigint AS cents FROM "app"."purchases"`;
  return rows[0]?.cents ?? 0n;
}

/** The chain read gives up after this: the figures never wait long for an RPC that does not answer. */
export const VAULT_READ_TIMEOUT_MS = 3_000;

/** `promise`, or a rejection after VAULT_READ_TIMEOUT_MS: the page never waits long for an RPC that does not answer. */
export async function withinVaultReadTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${VAULT_READ_TIMEOUT_MS} ms`)), VAULT_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * LoopVault.reserve() on the default chain, in LOOP (8 decimals, truncated): what backs withdrawals,
 * not the vault's whole balance (its fees are not the members'); null when the contracts are not
 * deployed there or the chain does not answer in time.
 */
export async function onChainVaultReserve(deps: Pick<AppDeps, "config" | "chains" | "logger">): Promise<string | null> {
  const chainId = deps.config.defaultChainId;
  const contracts = deps.config.chains.find((chain) => chain.id === chainId)?.contracts;
  const client = deps.chains.get(chainId);
  if (!contracts || !client) return null;
  try {
    const wei = await withinVaultReadTimeout(
      client.readContract({ address: getAddress(contracts.vault), abi: loopVaultAbi, functionName: "reserve" }),
    );
    return formatLoop(wei / WEI_PER_LEDGER_UNIT);
  } catch (error) {
    deps.logger?.warn(
      `admin stats: could not read the LoopVault reserve on chain ${chainId}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
    return null;
  }
}

/**
 * One query after the other: `db` may be a transaction (after a vault deposit), which runs one at
 * a time. The chain is read meanwhile.
 */
export async function adminStats(db: Tx | PrismaClient, deps: Pick<AppDeps, "config" | "chains" | "logger">): Promise<AdminStats> {
  const reserve = onChainVaultReserve(deps);
  return {
    totalUsers: await db.user.count(),
    totalLoops: await db.loop.count(),
    activeUsers: await activeUsers(db),
    totalRevenue: formatUsd(await totalRevenueCents(db)),
    platformEarnings: formatLoop(await platformBalance(db, "fees")),
    availableWithdrawal: formatLoop(await platformBalance(db, "vault")),
    onChainVaultReserve: await reserve,
  };
}
