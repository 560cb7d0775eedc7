// Tables that Ponder owns (schema "indexer"): one append-only table per contract event, named in
// the singular (GraphQL pluralises). Every row is keyed by chain id + transaction hash + log index
// and carries the block (number, hash, timestamp) and the emitting contract. The API reads these
// rows with SQL and settles them into its own schema exactly once (keyed on the same triple);
// nothing else writes here (the exchange pair's rows are only read: its figures). Amounts are LOOP wei
// (numeric); format codes: 0 mp3, 1 wav.
import { index, onchainTable, primaryKey, type PgColumnsBuilders } from "ponder";

/** Columns every event row has. */
const eventColumns = (t: PgColumnsBuilders) => ({
  chainId: t.integer().notNull(),
  txHash: t.hex().notNull(),
  logIndex: t.integer().notNull(),
  blockNumber: t.bigint().notNull(),
  blockHash: t.hex().notNull(),
  blockTimestamp: t.bigint().notNull(),
  /** The contract that emitted the event. */
  address: t.hex().notNull(),
});

type EventKeys = { chainId: never; txHash: never; logIndex: never };
const eventKey = <T extends { [K in keyof EventKeys]: Parameters<typeof primaryKey>[0]["columns"][number] }>(table: T) =>
  primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] });

// ----------------------------------------------------------------------------- LoopToken
export const tokenTransfer = onchainTable(
  "token_transfer",
  (t) => ({ ...eventColumns(t), from: t.hex().notNull(), to: t.hex().notNull(), value: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), fromIndex: index().on(table.from), toIndex: index().on(table.to) }),
);

// ----------------------------------------------------------------------- LoopMarketplace
export const purchased = onchainTable(
  "purchased",
  (t) => ({
    ...eventColumns(t),
    orderId: t.hex().notNull(),
    buyer: t.hex().notNull(),
    seller: t.hex().notNull(),
    loopId: t.hex().notNull(),
    format: t.integer().notNull(),
    price: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    /** When the price may be released to the seller (block timestamp, seconds). */
    releaseAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: eventKey(table), orderIndex: index().on(table.orderId), buyerIndex: index().on(table.buyer) }),
);

export const released = onchainTable(
  "released",
  (t) => ({ ...eventColumns(t), orderId: t.hex().notNull(), seller: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), orderIndex: index().on(table.orderId) }),
);

export const refunded = onchainTable(
  "refunded",
  (t) => ({ ...eventColumns(t), orderId: t.hex().notNull(), buyer: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), orderIndex: index().on(table.orderId) }),
);

export const offerOpened = onchainTable(
  "offer_opened",
  (t) => ({
    ...eventColumns(t),
    offerId: t.bigint().notNull(),
    buyer: t.hex().notNull(),
    seller: t.hex().notNull(),
    loopId: t.hex().notNull(),
    format: t.integer().notNull(),
    amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    expiresAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: eventKey(table), offerIndex: index().on(table.offerId) }),
);

export const offerChanged = onchainTable(
  "offer_changed",
  (t) => ({
    ...eventColumns(t),
    offerId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    expiresAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: eventKey(table), offerIndex: index().on(table.offerId) }),
);

export const offerSettled = onchainTable(
  "offer_settled",
  (t) => ({
    ...eventColumns(t),
    offerId: t.bigint().notNull(),
    buyer: t.hex().notNull(),
    seller: t.hex().notNull(),
    accepted: t.boolean().notNull(),
    amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
  }),
  (table) => ({ pk: eventKey(table), offerIndex: index().on(table.offerId) }),
);

export const offerReclaimed = onchainTable(
  "offer_reclaimed",
  (t) => ({ ...eventColumns(t), offerId: t.bigint().notNull(), buyer: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), offerIndex: index().on(table.offerId) }),
);

// ----------------------------------------------------------------------------- LoopVault
export const deposited = onchainTable(
  "deposited",
  (t) => ({ ...eventColumns(t), from: t.hex().notNull(), accountRef: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), accountIndex: index().on(table.accountRef) }),
);

export const paidOut = onchainTable(
  "paid_out",
  (t) => ({ ...eventColumns(t), withdrawalId: t.hex().notNull(), to: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), withdrawalIndex: index().on(table.withdrawalId) }),
);

export const reserveFunded = onchainTable(
  "reserve_funded",
  (t) => ({ ...eventColumns(t), from: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table) }),
);

export const feesWithdrawn = onchainTable(
  "fees_withdrawn",
  (t) => ({ ...eventColumns(t), to: t.hex().notNull(), amount: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table) }),
);

// ------------------------------------------------- LoopPair (the exchange's LOOP/wrapped-coin pair)
// Uniswap V2's own events, as they are: token0 is the lower address of the two (LOOP or the wrapped
// coin), so which side is LOOP is read from the manifest's addresses. Amounts in wei of each token.
export const pairSwap = onchainTable(
  "pair_swap",
  (t) => ({
    ...eventColumns(t),
    sender: t.hex().notNull(),
    to: t.hex().notNull(),
    amount0In: t.bigint().notNull(),
    amount1In: t.bigint().notNull(),
    amount0Out: t.bigint().notNull(),
    amount1Out: t.bigint().notNull(),
  }),
  (table) => ({ pk: eventKey(table), timeIndex: index().on(table.chainId, table.address, table.blockTimestamp) }),
);

/** The pair's reserves after each change (every swap, mint and burn ends with one). */
export const pairSync = onchainTable(
  "pair_sync",
  (t) => ({ ...eventColumns(t), reserve0: t.bigint().notNull(), reserve1: t.bigint().notNull() }),
  (table) => ({ pk: eventKey(table), timeIndex: index().on(table.chainId, table.address, table.blockNumber, table.logIndex) }),
);
