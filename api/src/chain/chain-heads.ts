// What the settlement (and the vault backing check) needs to know about each chain from its RPC: which
// chain it is (block 0's hash, so that a fresh local chain is told apart from the previous one), its
// head, and whether an indexed block is still the chain's.
import type { PublicClient } from "viem";

export interface ChainIdentity {
  chainId: number;
  genesisHash: string;
}

function clientOf(clients: ReadonlyMap<number, PublicClient>, chainId: number): PublicClient {
  const client = clients.get(chainId);
  if (!client) throw new Error(`no RPC client for chain ${chainId}`);
  return client;
}

export async function chainHead(clients: ReadonlyMap<number, PublicClient>, chainId: number): Promise<bigint> {
  return clientOf(clients, chainId).getBlockNumber({ cacheTime: 0 });
}

/** Block 0's hash, lower case. */
export async function genesisHash(clients: ReadonlyMap<number, PublicClient>, chainId: number): Promise<string> {
  const block = await clientOf(clients, chainId).getBlock({ blockNumber: 0n });
  return block.hash.toLowerCase();
}

/** True when `blockHash` is the chain's block `blockNumber` now (not reorged away). */
export async function isCanonical(
  clients: ReadonlyMap<number, PublicClient>,
  chainId: number,
  blockNumber: bigint,
  blockHash: string,
): Promise<boolean> {
  const block = await clientOf(clients, chainId)
    .getBlock({ blockNumber })
    .catch(() => null);
  return block?.hash?.toLowerCase() === blockHash.toLowerCase();
}
