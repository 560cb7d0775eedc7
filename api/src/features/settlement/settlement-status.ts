// GET /api/health's view of each chain: its head (RPC), what Ponder has indexed, and what is
// waiting to be settled. Every part answers null or zero rather than failing the health check.
import type { ChainHealth } from "@loop/rules/auth-api-types";
import type { AppDeps } from "../../deps";
import { chainHead, genesisHash } from "../../chain/chain-heads";
import { SETTLEMENT_HANDLERS } from "./handlers/all-handlers";
import { isMissingIndexerTable } from "../../db/indexer-tables";
import { indexedHead, unsettledSummary } from "./indexed-events";

const RPC_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

async function chainHealth(deps: Pick<AppDeps, "chains" | "config" | "prisma">, chainId: number, name: string): Promise<ChainHealth> {
  const { indexerSchema, confirmations } = deps.config.settlement;
  const depth = confirmations[chainId] ?? 0;
  const [head, genesis, indexed] = await Promise.all([
    withTimeout(chainHead(deps.chains, chainId), RPC_TIMEOUT_MS),
    withTimeout(genesisHash(deps.chains, chainId), RPC_TIMEOUT_MS),
    indexedHead(deps.prisma, indexerSchema, chainId),
  ]);
  let unsettledEvents = 0;
  let oldest: bigint | null = null;
  const upTo = indexed === null ? null : (head !== null && head < indexed ? head : indexed) - BigInt(depth);
  if (genesis !== null && upTo !== null && upTo >= 0n) {
    for (const handler of SETTLEMENT_HANDLERS) {
      try {
        const summary = await unsettledSummary(deps.prisma, indexerSchema, handler, { chainId, genesisHash: genesis }, upTo);
        unsettledEvents += summary.count;
        if (summary.oldest !== null && (oldest === null || summary.oldest < oldest)) oldest = summary.oldest;
      } catch (error) {
        if (!isMissingIndexerTable(error)) throw error;
      }
    }
  }
  const now = BigInt(Math.floor(Date.now() / 1000));
  return {
    chainId,
    name,
    rpc: head === null ? "unreachable" : "ok",
    head: head?.toString() ?? null,
    indexedHead: indexed?.toString() ?? null,
    confirmations: depth,
    unsettledEvents,
    settlementLagSeconds: oldest === null || oldest > now ? 0 : Number(now - oldest),
  };
}

export function chainsHealth(deps: Pick<AppDeps, "chains" | "config" | "prisma">): Promise<ChainHealth[]> {
  return Promise.all(deps.config.chains.filter((chain) => chain.contracts).map((chain) => chainHealth(deps, chain.id, chain.name)));
}
