// Settlement (docs/product.md#chain): indexed chain events become app state exactly once. A pass reads, per
// chain, the events Ponder has indexed at least `confirmations` blocks deep that have no
// app.settled_events row, and applies them in one transaction with their rows: a crash anywhere
// leaves all of a batch or none of it. Instances of the API take turns per chain (an advisory
// lock), and each event is checked again under that lock, so two instances never apply one twice.
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { chainHead, genesisHash, isCanonical } from "../../chain/chain-heads";
import { SETTLEMENT_HANDLERS } from "./handlers/all-handlers";
import { isMissingIndexerTable } from "../../db/indexer-tables";
import { indexedHead, unsettledEvents } from "./indexed-events";
import { recordDiscrepancyInTx } from "./settlement-discrepancy";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "./settlement-handler";
import { TX_BATCH } from "../../db/transactions";

/** Namespace of the per-chain advisory lock (pg_try_advisory_xact_lock(int, int)). */
const LOCK_NAMESPACE = 0x5e771e;

interface Candidate {
  handler: SettlementHandler;
  event: IndexedEvent;
}

export interface PassResult {
  /** Events applied (or recorded as unmatched) by this pass. */
  settled: number;
  /** True when a full batch was found: more may be waiting. */
  more: boolean;
  /**
   * Ponder's indexed head when the pass found no unsettled event up to it, else null: until that
   * head moves, a pass cannot find one either (settled_events only grows; Ponder writes an event's
   * row before its checkpoint passes the event's block).
   */
  quietAt: bigint | null;
}

const NOTHING: PassResult = { settled: 0, more: false, quietAt: null };

/** Genesis hashes already read, by chain id (re-read before anything is applied). */
export type GenesisCache = Map<number, string>;

function byChainOrder(a: Candidate, b: Candidate): number {
  if (a.event.blockNumber !== b.event.blockNumber) return a.event.blockNumber < b.event.blockNumber ? -1 : 1;
  return a.event.logIndex - b.event.logIndex;
}

/** The highest block whose events may be settled now (Ponder's head being `indexed`), or null when nothing may be. */
async function settleableHead(deps: Pick<AppDeps, "chains" | "config">, chainId: number, indexed: bigint): Promise<bigint | null> {
  const { settlement } = deps.config;
  const depth = BigInt(settlement.confirmations[chainId] ?? 0);
  if (depth === 0n) return indexed;
  const head = await chainHead(deps.chains, chainId);
  const upTo = (indexed < head ? indexed : head) - depth;
  return upTo >= 0n ? upTo : null;
}

async function findCandidates(
  deps: Pick<AppDeps, "config" | "prisma">,
  chainId: number,
  genesis: string,
  upTo: bigint,
  handlers: readonly SettlementHandler[],
): Promise<Candidate[]> {
  const { indexerSchema, batchSize } = deps.config.settlement;
  const found: Candidate[] = [];
  for (const handler of handlers) {
    const events = await unsettledEvents(deps.prisma, indexerSchema, handler, { chainId, genesisHash: genesis }, upTo, batchSize);
    found.push(...events.map((event) => ({ handler, event })));
  }
  return found.sort(byChainOrder).slice(0, batchSize);
}

/** Drops events whose block is no longer the chain's (a reorg Ponder has not caught up with yet). */
async function canonicalOnly(deps: Pick<AppDeps, "chains">, chainId: number, candidates: Candidate[]): Promise<Candidate[]> {
  const verdicts = new Map<string, Promise<boolean>>();
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const { blockNumber, blockHash } = candidate.event;
    if (!verdicts.has(blockHash)) verdicts.set(blockHash, isCanonical(deps.chains, chainId, blockNumber, blockHash));
    if (await verdicts.get(blockHash)!) kept.push(candidate);
  }
  return kept;
}

async function alreadySettled(tx: Tx, event: IndexedEvent): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "app"."settled_events"
    WHERE "chain_id" = ${event.chainId} AND "genesis_hash" = ${event.genesisHash} AND "tx_hash" = ${event.txHash} AND "log_index" = ${event.logIndex}`;
  return rows.length > 0;
}

async function recordSettled(tx: Tx, kind: string, event: IndexedEvent, result: SettlementOutcome): Promise<void> {
  await tx.settledEvent.create({
    data: {
      chainId: event.chainId,
      genesisHash: event.genesisHash,
      txHash: event.txHash,
      logIndex: event.logIndex,
      kind,
      blockNumber: event.blockNumber,
      blockHash: event.blockHash,
      outcome: result.outcome,
      detail: result.detail ?? null,
    },
  });
}

/**
 * Applies `candidates` in one transaction under the chain's advisory lock. Returns how many were
 * settled, or null when another instance holds the lock.
 */
async function applyBatch(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  chainId: number,
  candidates: Candidate[],
): Promise<number | null> {
  const afterCommit: Array<() => Promise<void>> = [];
  const settled = await deps.prisma.$transaction(async (tx) => {
    afterCommit.length = 0;
    const locked = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${chainId}::int) AS "ok"`;
    if (!locked[0]!.ok) return null;
    let count = 0;
    for (const { handler, event } of candidates) {
      if (await alreadySettled(tx, event)) continue;
      const result = await handler.apply(tx, event, deps);
      await recordSettled(tx, handler.kind, event, result);
      if (result.outcome === "discrepancy")
        await recordDiscrepancyInTx(tx, handler.kind, event, {
          detail: result.detail ?? handler.kind,
          adminsTold: result.adminsTold === true,
        });
      if (result.outcome === "unmatched" || result.outcome === "discrepancy")
        deps.logger?.warn(
          `settlement: ${handler.kind} ${event.txHash}:${event.logIndex} on chain ${chainId} ${result.outcome}: ${result.detail ?? ""}`,
        );
      if (result.afterCommit) afterCommit.push(result.afterCommit);
      count++;
    }
    return count;
  }, TX_BATCH);
  for (const run of afterCommit) await run().catch((error: unknown) => deps.logger?.error("settlement: after-commit step failed", error));
  return settled;
}

/**
 * A batch that fails is applied again one event per transaction, so one event a handler cannot
 * apply (it is logged, and retried on the next pass) does not hold up the others.
 */
async function applyBatchOrEach(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  chainId: number,
  candidates: Candidate[],
): Promise<number | null> {
  try {
    return await applyBatch(deps, chainId, candidates);
  } catch (error) {
    if (candidates.length === 1) throw error;
    let settled = 0;
    for (const candidate of candidates) {
      try {
        const one = await applyBatch(deps, chainId, [candidate]);
        if (one === null) return settled;
        settled += one;
      } catch (eventError) {
        deps.logger?.error(
          `settlement: ${candidate.handler.kind} ${candidate.event.txHash}:${candidate.event.logIndex} on chain ${chainId} failed`,
          eventError,
        );
      }
    }
    return settled;
  }
}

/**
 * One settlement pass over one chain. Without Ponder's tables (not started yet, or rebuilt for a
 * fresh local chain) there is nothing to settle.
 */
export async function settleChain(
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "mailer" | "prisma">,
  chainId: number,
  genesisCache: GenesisCache,
  handlers: readonly SettlementHandler[] = SETTLEMENT_HANDLERS,
): Promise<PassResult> {
  try {
    const indexed = await indexedHead(deps.prisma, deps.config.settlement.indexerSchema, chainId);
    if (indexed === null) return NOTHING;
    const upTo = await settleableHead(deps, chainId, indexed);
    if (upTo === null) return NOTHING;
    let genesis = genesisCache.get(chainId) ?? (await genesisHash(deps.chains, chainId));
    genesisCache.set(chainId, genesis);
    // Up to Ponder's head, so that one read also tells whether anything waits for its confirmations:
    // quiet only when nothing does. The events up to `upTo` come first (chain order), so the batch
    // of those that may be settled now is whole.
    const settleable = (found: Candidate[]) => found.filter((candidate) => candidate.event.blockNumber <= upTo);
    const found = await findCandidates(deps, chainId, genesis, indexed, handlers);
    if (found.length === 0) return { ...NOTHING, quietAt: indexed };
    let candidates = settleable(found);
    if (candidates.length === 0) return NOTHING;
    // Before anything is applied: is this still the chain the cached genesis names? A local chain
    // restarted under a running API would otherwise have its events keyed as the old chain's.
    const current = await genesisHash(deps.chains, chainId);
    if (current !== genesis) {
      genesis = current;
      genesisCache.set(chainId, genesis);
      candidates = settleable(await findCandidates(deps, chainId, genesis, indexed, handlers));
    }
    const full = candidates.length >= deps.config.settlement.batchSize;
    if ((deps.config.settlement.confirmations[chainId] ?? 0) > 0) candidates = await canonicalOnly(deps, chainId, candidates);
    if (candidates.length === 0) return NOTHING;
    const settled = await applyBatchOrEach(deps, chainId, candidates);
    return { settled: settled ?? 0, more: settled !== null && full, quietAt: null };
  } catch (error) {
    if (isMissingIndexerTable(error)) return NOTHING;
    throw error;
  }
}
