// GET /api/tokens/wallet-transfers: the linked wallet's LOOP transfers on chain, read from the
// indexer's token_transfer table (Ponder), newest first. What each was is told by the other
// address: LoopVault (a deposit, or a withdrawal's payout), LoopMarketplace, the zero address (a mint).
import type { ChainConfig } from "@loop/rules/chains";
import type { WalletTransfer, WalletTransferKind, WalletTransferList } from "@loop/rules/schemas/tokens";
import { formatDecimal, TOKEN_DECIMALS } from "@loop/rules/units";
import { getAddress, zeroAddress } from "viem";
import type { AppDeps } from "../../deps";
import { indexerTable, isMissingIndexerTable } from "../../db/indexer-tables";

interface Row {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_timestamp: string;
  from: string;
  to: string;
  value: string;
}

/** "25.500000000000000000" → "25.5", "3.000…" → "3.0". */
function loopFromWei(wei: bigint): string {
  return formatDecimal(wei, TOKEN_DECIMALS)
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, ".0");
}

function kindOf(counterparty: string, chain: ChainConfig | undefined): WalletTransferKind {
  const other = counterparty.toLowerCase();
  if (other === zeroAddress) return "mint";
  if (chain?.contracts && other === chain.contracts.vault.toLowerCase()) return "deposit";
  if (chain?.contracts && other === chain.contracts.marketplace.toLowerCase()) return "marketplace";
  return "transfer";
}

function toWalletTransfer(row: Row, wallet: string, chains: readonly ChainConfig[]): WalletTransfer {
  const incoming = row.to.toLowerCase() === wallet;
  const counterparty = incoming ? row.from : row.to;
  const chain = chains.find((candidate) => candidate.id === Number(row.chain_id));
  let kind = kindOf(counterparty, chain);
  // LOOP coming from the vault is a payout; going to it, a deposit.
  if (kind === "deposit" && incoming) kind = "payout";
  return {
    id: `${row.chain_id}:${row.tx_hash}:${row.log_index}`,
    chainId: Number(row.chain_id),
    transactionHash: row.tx_hash,
    blockNumber: row.block_number,
    kind,
    direction: incoming ? "in" : "out",
    counterparty: getAddress(counterparty),
    amount: loopFromWei(BigInt(row.value)),
    createdAt: new Date(Number(row.block_timestamp) * 1000).toISOString(),
  };
}

export async function walletTransfers(
  deps: Pick<AppDeps, "config" | "prisma">,
  userId: string,
  limit: number,
): Promise<WalletTransferList> {
  const link = await deps.prisma.walletLink.findUnique({ where: { userId }, select: { address: true } });
  if (!link) return { address: null, transfers: [] };
  const wallet = link.address.toLowerCase();
  const transfers = indexerTable(deps.config.settlement.indexerSchema, "token_transfer");
  const chainIds = deps.config.chains.map((chain) => chain.id);
  let rows: Row[];
  try {
    rows = await deps.prisma.$queryRaw<Row[]>`
      SELECT t."chain_id", lower(t."tx_hash") AS "tx_hash", t."log_index", t."block_number"::text AS "block_number",
             t."block_timestamp"::text AS "block_timestamp", lower(t."from") AS "from", lower(t."to") AS "to", t."value"::text AS "value"
      FROM ${transfers} t
      WHERE (t."from" = ${wallet} OR t."to" = ${wallet}) AND t."chain_id" = ANY(${chainIds}::int[]) AND t."value" > 0
      ORDER BY t."block_timestamp" DESC, t."block_number" DESC, t."log_index" DESC
      LIMIT ${limit}`;
  } catch (error) {
    // No indexer tables yet (Ponder starting, or rebuilding for a fresh local chain): no history to show.
    if (isMissingIndexerTable(error)) return { address: link.address, transfers: [] };
    throw error;
  }
  return { address: link.address, transfers: rows.map((row) => toWalletTransfer(row, wallet, deps.config.chains)) };
}
