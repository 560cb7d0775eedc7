// GET /api/admin/vault/backing: does LoopVault's reserve back what the ledger owes through it?
//
// Per configured chain with contracts (figures in wei, exact):
//   reserve     LoopVault.reserve() on chain.
//   liability   the ledger's vault liability: LOOP credited in app for LOOP that entered this vault
//               (settled Deposited; Released and accepted OfferSettled paid to the vault, i.e. sales
//               to members without a wallet) less the LOOP of `loop` withdrawals paid out of it
//               (settled PaidOut). Each of those settlements posts exactly one ledger entry of the
//               event's amount in the transaction that records it (settlement/handlers), so this is
//               the ledger's own figure for this chain, restricted to the chain's current genesis
//               (a fresh local chain starts again from zero).
//   difference  reserve − liability, and its known causes. The reserve moves only by Deposited,
//               ReserveFunded, ReserveCredited (= Released/OfferSettled paid to the vault) and
//               PaidOut, so once the indexer has every event, difference = Σ causes exactly; what is
//               left over is "unexplained" (events not indexed yet, or something the app does not know).
// Platform-wide: the LOOP in members' balances (all of which can be withdrawn on chain), the LOOP
// issued in the app, and the treasury's funding that backs it.
import { loopVaultAbi } from "@loop/contracts/abis";
import {
  VAULT_BACKING_CAUSES,
  type VaultBacking,
  type VaultBackingCause,
  type VaultBackingCauseCode,
  type VaultBackingChain,
} from "@loop/rules/schemas/vault-backing";
import { WEI_PER_LEDGER_UNIT } from "@loop/rules/units";
import { formatUnits, getAddress, type Address, type PublicClient } from "viem";
import { Prisma, type PrismaClient } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { genesisHash } from "../../chain/chain-heads";
import { indexerTable, isMissingIndexerTable } from "../../db/indexer-tables";
import { withinVaultReadTimeout } from "./admin-stats.service";

type Deps = Pick<AppDeps, "config" | "chains" | "prisma" | "logger">;

const TOKEN_DECIMALS = 18;
const loop = (wei: bigint) => formatUnits(wei, TOKEN_DECIMALS);

const firstLine = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

interface VaultReads {
  reserve: bigint;
  fees: bigint;
  genesis: string;
  /** Null for a vault deployed before the payout limit existed. */
  payout: { limit: bigint; remaining: bigint; periodEndsAt: bigint } | null;
}

async function readVault(client: PublicClient, chainId: number, vault: Address, deps: Deps): Promise<VaultReads> {
  const contract = { address: vault, abi: loopVaultAbi } as const;
  const [reserve, fees, genesis, limit, allowance] = await Promise.all([
    withinVaultReadTimeout(client.readContract({ ...contract, functionName: "reserve" })),
    withinVaultReadTimeout(client.readContract({ ...contract, functionName: "fees" })),
    withinVaultReadTimeout(genesisHash(deps.chains, chainId)),
    withinVaultReadTimeout(client.readContract({ ...contract, functionName: "payoutLimit" })).catch(() => null),
    withinVaultReadTimeout(client.readContract({ ...contract, functionName: "payoutAllowance" })).catch(() => null),
  ]);
  return {
    reserve,
    fees,
    genesis,
    payout: limit !== null && allowance ? { limit, remaining: allowance[0], periodEndsAt: allowance[1] } : null,
  };
}

/** The vault's events of each kind on this chain, by how the settlement applied them (null: not yet). */
export interface EventTotal {
  kind: "deposited" | "reserve_funded" | "sale" | "paid_out";
  outcome: string | null;
  wei: bigint;
  events: number;
}

/**
 * Sums of the indexed events that move the reserve, grouped by kind and settlement outcome (for the
 * chain's current genesis). Sales are Released and accepted OfferSettled events whose seller is the
 * vault, emitted by the chain's marketplace.
 */
async function eventTotals(
  prisma: PrismaClient,
  schema: string,
  chain: { chainId: number; genesis: string; vault: string; marketplace: string },
): Promise<EventTotal[]> {
  const table = (name: string) => indexerTable(schema, name);
  const { chainId, genesis, vault, marketplace } = chain;
  const settled = (alias: string) =>
    Prisma.sql`LEFT JOIN "app"."settled_events" s ON s."chain_id" = ${chainId} AND s."genesis_hash" = ${genesis}
      AND s."tx_hash" = lower(${Prisma.raw(alias)}."tx_hash") AND s."log_index" = ${Prisma.raw(alias)}."log_index"`;
  const rows = await prisma.$queryRaw<{ kind: EventTotal["kind"]; outcome: string | null; wei: string; events: number }[]>`
    SELECT kind, outcome, SUM(amount)::text AS wei, COUNT(*)::int AS events FROM (
      SELECT 'deposited' AS kind, e."amount" AS amount, s."outcome" AS outcome FROM ${table("deposited")} e ${settled("e")}
        WHERE e."chain_id" = ${chainId} AND lower(e."address") = ${vault}
      UNION ALL
      SELECT 'reserve_funded', e."amount", NULL FROM ${table("reserve_funded")} e
        WHERE e."chain_id" = ${chainId} AND lower(e."address") = ${vault}
      UNION ALL
      SELECT 'sale', e."amount", s."outcome" FROM ${table("released")} e ${settled("e")}
        WHERE e."chain_id" = ${chainId} AND lower(e."address") = ${marketplace} AND lower(e."seller") = ${vault}
      UNION ALL
      SELECT 'sale', e."amount", s."outcome" FROM ${table("offer_settled")} e ${settled("e")}
        WHERE e."chain_id" = ${chainId} AND lower(e."address") = ${marketplace} AND lower(e."seller") = ${vault} AND e."accepted"
      UNION ALL
      SELECT 'paid_out', e."amount", s."outcome" FROM ${table("paid_out")} e ${settled("e")}
        WHERE e."chain_id" = ${chainId} AND lower(e."address") = ${vault}
    ) t GROUP BY kind, outcome`;
  return rows.map((row) => ({ kind: row.kind, outcome: row.outcome, wei: BigInt(row.wei), events: row.events }));
}

/** The ledger's liability and the causes, from the event totals. */
export function reconcile(totals: readonly EventTotal[]): {
  liability: bigint;
  causes: Map<VaultBackingCauseCode, { wei: bigint; events: number }>;
} {
  const causes = new Map<VaultBackingCauseCode, { wei: bigint; events: number }>(
    (Object.keys(VAULT_BACKING_CAUSES) as VaultBackingCauseCode[]).map((code) => [code, { wei: 0n, events: 0 }]),
  );
  const add = (code: VaultBackingCauseCode, wei: bigint, events: number) => {
    const cause = causes.get(code)!;
    cause.wei += wei;
    cause.events += events;
  };
  let liability = 0n;
  for (const { kind, outcome, wei, events } of totals) {
    switch (kind) {
      case "reserve_funded":
        add("treasury_funding", wei, events);
        break;
      case "deposited":
        if (outcome === "applied") liability += wei;
        else add(outcome === null ? "deposits_unsettled" : "deposits_unmatched", wei, events);
        break;
      case "sale":
        // Applied: the seller without a wallet was credited in app (handlers/released.ts, offer-settled.ts).
        if (outcome === "applied") liability += wei;
        else add(outcome === null ? "sales_unsettled" : "sales_not_credited", wei, events);
        break;
      case "paid_out":
        // Applied: the withdrawal completed from the chain; already_applied: an admin had completed it
        // with this payout's hash. Either way the ledger captured its hold.
        if (outcome === "applied" || outcome === "already_applied") liability -= wei;
        else add(outcome === null ? "payouts_unsettled" : "payouts_unmatched", -wei, events);
        break;
    }
  }
  return { liability, causes };
}

/** A chain's figures, and its reserve and treasury funding in wei (null: unknown) for the totals. */
interface ChainResult {
  view: VaultBackingChain;
  reserve: bigint | null;
  funding: bigint | null;
}

async function chainBacking(deps: Deps, chain: AppDeps["config"]["chains"][number]): Promise<ChainResult | null> {
  if (!chain.contracts) return null;
  const vault = getAddress(chain.contracts.vault);
  const base: VaultBackingChain = {
    chainId: chain.id,
    name: chain.name,
    vault,
    payoutChain: chain.id === deps.config.defaultChainId,
    reserve: null,
    fees: null,
    liability: null,
    difference: null,
    causes: [],
    unexplained: null,
    payoutLimit: null,
    payoutRemaining: null,
    payoutPeriodEndsAt: null,
    problem: null,
  };
  const client = deps.chains.get(chain.id);
  if (!client) return { view: { ...base, problem: `No RPC client for chain ${chain.id}.` }, reserve: null, funding: null };
  let reads: VaultReads;
  try {
    reads = await readVault(client, chain.id, vault, deps);
  } catch (error) {
    deps.logger?.warn(`vault backing: could not read LoopVault on chain ${chain.id}: ${firstLine(error)}`);
    return { view: { ...base, problem: `Chain ${chain.id} did not answer (${firstLine(error)}).` }, reserve: null, funding: null };
  }
  const onChain: VaultBackingChain = {
    ...base,
    reserve: loop(reads.reserve),
    fees: loop(reads.fees),
    payoutLimit: reads.payout ? loop(reads.payout.limit) : null,
    payoutRemaining: reads.payout ? loop(reads.payout.remaining) : null,
    payoutPeriodEndsAt: reads.payout ? new Date(Number(reads.payout.periodEndsAt) * 1000).toISOString() : null,
  };
  let totals: EventTotal[];
  try {
    totals = await eventTotals(deps.prisma, deps.config.settlement.indexerSchema, {
      chainId: chain.id,
      genesis: reads.genesis,
      vault: vault.toLowerCase(),
      marketplace: chain.contracts.marketplace.toLowerCase(),
    });
  } catch (error) {
    if (!isMissingIndexerTable(error)) throw error;
    return {
      view: { ...onChain, problem: `The indexer has not indexed chain ${chain.id} yet: the ledger's side cannot be reckoned.` },
      reserve: reads.reserve,
      funding: null,
    };
  }
  const { liability, causes } = reconcile(totals);
  const difference = reads.reserve - liability;
  const explained = [...causes.values()].reduce((sum, cause) => sum + cause.wei, 0n);
  return {
    view: {
      ...onChain,
      liability: loop(liability),
      difference: loop(difference),
      causes: [...causes].map(([code, { wei, events }]): VaultBackingCause => ({
        code,
        ...VAULT_BACKING_CAUSES[code],
        amount: loop(wei),
        events,
      })),
      unexplained: loop(difference - explained),
    },
    reserve: reads.reserve,
    funding: causes.get("treasury_funding")!.wei,
  };
}

/** LOOP ledger units → wei. */
const wei = (units: bigint) => units * WEI_PER_LEDGER_UNIT;

export async function vaultBacking(deps: Deps): Promise<VaultBacking> {
  const results = (await Promise.all(deps.config.chains.map((chain) => chainBacking(deps, chain)))).filter(
    (r): r is ChainResult => r !== null,
  );
  const [members] = await deps.prisma.$queryRaw<{ units: string | null }[]>`
    SELECT SUM("balance")::text AS units FROM "app"."ledger_accounts" WHERE "kind" = 'user'`;
  const [issuance] = await deps.prisma.$queryRaw<{ units: string | null }[]>`
    SELECT SUM("balance")::text AS units FROM "app"."ledger_accounts" WHERE "kind" = 'issuance' AND "user_id" IS NULL`;
  const total = (pick: (result: ChainResult) => bigint | null) => {
    const values = results.map(pick);
    return values.every((value) => value !== null) ? loop(values.reduce<bigint>((sum, value) => sum + value!, 0n)) : null;
  };
  return {
    memberLoop: loop(wei(BigInt(members?.units ?? "0"))),
    // The issuance account pays every bonus, reward and airdrop: it is as negative as what was issued.
    issuedInApp: loop(-wei(BigInt(issuance?.units ?? "0"))),
    treasuryFunding: total((result) => result.funding),
    reservesTotal: total((result) => result.reserve),
    chains: results.map((result) => result.view),
  };
}
