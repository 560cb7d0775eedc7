// The columns every event row has (see ponder.schema.ts): where the event happened.
import type { Address, Hash } from "viem";

interface EventLike {
  log: { logIndex: number; address: Address };
  block: { number: bigint; hash: Hash; timestamp: bigint };
  transaction: { hash: Hash };
}

export function eventRow(event: EventLike, context: { chain: { id: number } }) {
  return {
    chainId: context.chain.id,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    blockTimestamp: event.block.timestamp,
    address: event.log.address,
  };
}
