// The operator's settleOffer calls are requests: recorded in the transaction that decides them (a
// settlement pass refusing a member's offer the app will not take, or accepting a counter the buyer
// raised the escrow to; a member's answer to a wallet offer), sent by their own loop or, for a
// member's answer, at once by the call that recorded it. A settlement pass never waits for a
// transaction of ours, so a slow chain answer or a flood of offers delays nothing else, and a crash
// after an answer committed leaves a request the loop carries out (issue 35).
import type { Hex } from "viem";
import { reconcileOperatorTransactions, storedOperatorTransaction } from "../../chain/operator-transactions";
import type { AppDeps } from "../../deps";
import { Prisma, type Tx } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";
import { awaitOfferSettlement, settleOfferOnChain } from "../negotiations/offer-escrow";
import { DomainError, isRefusal } from "../../domain-error";

export interface OfferSettlement {
  chainId: number;
  offerId: string;
  accepted: boolean;
  amountWei: string;
  reason: string;
}

/** Retry delays after a failed send: 1 s doubling, at most 5 minutes. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 5 * 60_000;
/** A claimed request is not taken by another sender for this long (a send waits up to a minute for its receipt). */
const CLAIM_MS = 2 * 60_000;

/**
 * Records the request; a later one for the same offer replaces it (the latest terms are what the
 * chain will check). `claimed`: the caller sends it at once, so the loop leaves it alone for the
 * time a send may take (and takes it over after that, if the caller crashed).
 */
export async function requestOfferSettlementInTx(
  tx: Tx,
  { chainId, offerId, accepted, amountWei, reason }: OfferSettlement,
  { claimed = false }: { claimed?: boolean } = {},
): Promise<DueRequest> {
  const claimMs = claimed ? CLAIM_MS : 0;
  const [row] = await tx.$queryRaw<DueRequest[]>`
    INSERT INTO "app"."offer_settlement_requests" ("chain_id", "offer_id", "accepted", "amount_wei", "reason", "next_attempt_at")
    VALUES (${chainId}, ${offerId}, ${accepted}, ${amountWei}, ${reason}, now() + ${claimMs} * interval '1 millisecond')
    ON CONFLICT ("chain_id", "offer_id") DO UPDATE SET
      "accepted" = EXCLUDED."accepted", "amount_wei" = EXCLUDED."amount_wei", "reason" = EXCLUDED."reason",
      "attempts" = 0, "next_attempt_at" = EXCLUDED."next_attempt_at", "last_error" = NULL, "tx_hash" = NULL, "done_at" = NULL
    RETURNING ${REQUEST_COLUMNS}`;
  return row!;
}

export interface DueRequest {
  id: string;
  chainId: number;
  offerId: string;
  accepted: boolean;
  amountWei: string;
  attempts: number;
  /** The settleOffer stored for it last (operator_transactions), if any. */
  txHash: string | null;
}

const REQUEST_COLUMNS = Prisma.sql`"id"::text, "chain_id" AS "chainId", "offer_id" AS "offerId", "accepted", "amount_wei" AS "amountWei", "attempts", "tx_hash" AS "txHash"`;

/** Claims the oldest due request (SKIP LOCKED: each goes to one sender at a time). */
async function claimNext(deps: Pick<AppDeps, "prisma">): Promise<DueRequest | null> {
  const rows = await deps.prisma.$queryRaw<DueRequest[]>`
    UPDATE "app"."offer_settlement_requests" AS r SET "next_attempt_at" = now() + ${CLAIM_MS} * interval '1 millisecond'
    WHERE r."id" = (
      SELECT "id" FROM "app"."offer_settlement_requests"
      WHERE "done_at" IS NULL AND "next_attempt_at" <= now()
      ORDER BY "created_at"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${REQUEST_COLUMNS}`;
  return rows[0] ?? null;
}

/** The request as it was claimed: one a later event replaced meanwhile is left for the next round. */
const sameRequest = ({ id, accepted, amountWei }: DueRequest) => ({ id, accepted, amountWei, doneAt: null });

/**
 * settleOffer for the request: the one stored for it before when the chain has not decided it (sent
 * again, never re-signed), else a new one, stored with its hash on the request.
 */
async function carryOut(deps: Pick<AppDeps, "chains" | "config" | "prisma">, request: DueRequest): Promise<Hex> {
  const previous = request.txHash ? await storedOperatorTransaction(deps, request.txHash) : null;
  if (previous?.outcome === "success") return previous.stored.txHash;
  if (previous?.outcome === "reverted") throw new DomainError("SETTLEMENT_REVERTED", { txHash: request.txHash! });
  if (previous?.outcome === null) {
    const hash = await awaitOfferSettlement(deps, previous.stored);
    if (hash) return hash;
  }
  return settleOfferOnChain(
    deps,
    request.chainId,
    BigInt(request.offerId),
    request.accepted,
    BigInt(request.amountWei),
    async (tx, txHash) => {
      await tx.offerSettlementRequest.updateMany({ where: sameRequest(request), data: { txHash: txHash.toLowerCase() } });
    },
  );
}

export type RequestResult = { sent: Hex } | { refused: DomainError } | { failed: Error };

/**
 * Sends one claimed request and records what happened: sent (done); refused by the contract (the
 * offer was settled or reclaimed meanwhile: the chain decided already; done, and the offer's answer
 * open again); or failed (the chain did not answer: tried again later, 1 s doubling to 5 minutes).
 */
export async function sendOfferSettlementRequest(
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">,
  request: DueRequest,
): Promise<RequestResult> {
  try {
    const hash = await carryOut(deps, request);
    await deps.prisma.offerSettlementRequest.updateMany({
      where: sameRequest(request),
      data: { doneAt: new Date(), txHash: hash.toLowerCase(), attempts: { increment: 1 }, lastError: null },
    });
    return { sent: hash };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    if (isRefusal(error, "SETTLEMENT_REFUSED", "SETTLEMENT_REVERTED")) {
      await deps.prisma.$transaction(async (tx) => {
        await tx.offerSettlementRequest.updateMany({
          where: sameRequest(request),
          data: { doneAt: new Date(), attempts: { increment: 1 }, lastError: error.message },
        });
        // Not carried out: the offer's answer is open again (what the chain did, if anything, arrives as its event).
        await tx.negotiation.updateMany({
          where: {
            chainId: request.chainId,
            chainOfferId: request.offerId,
            settling: { not: null },
            status: { in: ["pending", "counter"] },
          },
          data: { settling: null, version: { increment: 1 } },
        });
      }, TX_DEFAULT);
      return { refused: error };
    }
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(request.attempts, 20));
    await deps.prisma.offerSettlementRequest.updateMany({
      where: sameRequest(request),
      data: { attempts: { increment: 1 }, lastError: error.message, nextAttemptAt: new Date(Date.now() + delay) },
    });
    deps.logger?.warn(`settlement: offer ${request.offerId} on chain ${request.chainId} not settled yet: ${error.message.split("\n")[0]}`);
    return { failed: error };
  }
}

/**
 * Sends every due request once, after sending again the stored operator transactions the chain has
 * not decided. Returns how many were sent or closed; stops at the first the chain does not answer
 * (the others wait for the next round rather than fail one by one).
 */
export async function sendDueOfferSettlements(deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">): Promise<number> {
  await reconcileOperatorTransactions(deps);
  let handled = 0;
  for (;;) {
    const request = await claimNext(deps);
    if (!request) return handled;
    const result = await sendOfferSettlementRequest(deps, request);
    if ("failed" in result) return handled;
    handled++;
  }
}
