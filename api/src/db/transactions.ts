// The options of Prisma's interactive transactions (`prisma.$transaction(fn, options)`), named for
// what they are for: `maxWait` is how long a call may wait for a pooled connection to start its
// transaction, `timeout` how long the transaction may then run before Prisma rolls it back (P2028).
// A transaction that passes none keeps Prisma's defaults (2 s and 5 s): short work that races nobody.

/** A request's or a worker's transaction that moves money or decides a race (purchases, offers, checkouts, held proceeds, upload rewards, payouts). */
export const TX_DEFAULT = { maxWait: 30_000, timeout: 60_000 } as const;

/**
 * Work that may queue behind many callers of the same rows and connections, so it waits as long as
 * it may run: an Idempotency-Key's claim and the money call inside it, the ledger's holds,
 * withdrawals, and the admins' decisions (token orders, users, loops, notifications, vault deposits).
 */
export const TX_QUEUED = { maxWait: 60_000, timeout: 60_000 } as const;

/** A settlement batch: up to SETTLEMENT_BATCH_SIZE indexed chain events applied in one transaction. */
export const TX_BATCH = { maxWait: 30_000, timeout: 120_000 } as const;

/** A batch of a notification to all users (copies inserted for thousands of users), queued behind requests. */
export const TX_QUEUED_BATCH = { maxWait: 60_000, timeout: 120_000 } as const;

/** Figures derived from others and rebuilt on a read (a creator's kept analytics sums: a few thousand rows), queued behind requests. */
export const TX_DERIVED = { maxWait: 30_000, timeout: 60_000 } as const;

/** A member's saved cards: a few rows of one user, after the Stripe call (which runs outside it). */
export const TX_SHORT = { maxWait: 10_000, timeout: 20_000 } as const;

/**
 * A service's result beside what must run only once its transaction has committed (e-mails, the
 * catalog cache): the router answers with `result`, then calls `afterCommit`, which never fails
 * the request nor undoes the change (settlement's handlers return theirs the same way).
 */
export interface WithAfterCommit<T> {
  result: T;
  afterCommit: () => void;
}
