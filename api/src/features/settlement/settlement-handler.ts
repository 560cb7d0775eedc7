// What a kind of chain event needs to be settled: the indexed table it is read from (schema
// "indexer", one table per event, written by Ponder) and what applying it does. Adding a kind of
// event is one handler listed in handlers/index.ts.
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";

/** An indexed event, with its own columns (snake_case, as Ponder names them) as text. */
export interface IndexedEvent {
  chainId: number;
  /** Block 0's hash of the chain the event happened on. */
  genesisHash: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  blockTimestamp: bigint;
  /** The contract that emitted it (lower case). */
  address: string;
  args: Record<string, string>;
}

export interface SettlementOutcome {
  /**
   * applied: the app changed; already_applied: the app had it already (e.g. an admin completed the
   * withdrawal by hand); unmatched: nothing in the app to apply it to (kept for the record);
   * discrepancy: value moved on chain that the app could not record as it should: listed for the
   * admins until resolved (settlement-discrepancy.ts), `detail` says what to look at.
   */
  outcome: "applied" | "already_applied" | "unmatched" | "discrepancy";
  detail?: string;
  /** A discrepancy the handler already told the admins about (in its own words): no second notice. */
  adminsTold?: boolean;
  /** Runs once the transaction that applied the event has committed (e.g. e-mails); never undoes it. */
  afterCommit?: () => Promise<void>;
}

export interface SettlementHandler {
  /** The event's name in app.settled_events (e.g. "deposited"). */
  kind: string;
  /** Its table in the indexer schema. */
  table: string;
  /** The event's own columns to read (snake_case). */
  columns: readonly string[];
  /** Applies the event inside the settlement's transaction; runs once per event. */
  apply(tx: Tx, event: IndexedEvent, deps: Pick<AppDeps, "prisma" | "config" | "mailer" | "logger">): Promise<SettlementOutcome>;
}

/** The app's key of an event: the same on every retry, never the same for another chain or an earlier local chain. */
export function eventKey(event: Pick<IndexedEvent, "chainId" | "genesisHash" | "txHash" | "logIndex">): string {
  return `${event.chainId}:${event.genesisHash}:${event.txHash}:${event.logIndex}`;
}
