// The operator's settleOffer calls that settlement asks for (a member's offer the app will not take,
// refused; a counter the buyer accepted on chain, accepted) are requests: recorded in the transaction
// that applies the event, sent by their own loop. A settlement pass never waits for a transaction of
// ours, so a slow chain answer or a flood of offers delays nothing else (issue 35).
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";
import { Conflict } from "../../http/errors";
import { settleOfferOnChain } from "../negotiations/offer-escrow";

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

/** Records the request; a later one for the same offer replaces it (the latest event's terms are what the chain will check). */
export async function requestOfferSettlementInTx(
  tx: Tx,
  { chainId, offerId, accepted, amountWei, reason }: OfferSettlement,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "app"."offer_settlement_requests" ("chain_id", "offer_id", "accepted", "amount_wei", "reason")
    VALUES (${chainId}, ${offerId}, ${accepted}, ${amountWei}, ${reason})
    ON CONFLICT ("chain_id", "offer_id") DO UPDATE SET
      "accepted" = EXCLUDED."accepted", "amount_wei" = EXCLUDED."amount_wei", "reason" = EXCLUDED."reason",
      "attempts" = 0, "next_attempt_at" = now(), "last_error" = NULL, "tx_hash" = NULL, "done_at" = NULL`;
}

interface DueRequest {
  id: string;
  chainId: number;
  offerId: string;
  accepted: boolean;
  amountWei: string;
  attempts: number;
}

/** Claims the oldest due request (SKIP LOCKED: each goes to one sender at a time). */
async function claimNext(deps: AppDeps): Promise<DueRequest | null> {
  const rows = await deps.prisma.$queryRaw<DueRequest[]>`
    UPDATE "app"."offer_settlement_requests" AS r SET "next_attempt_at" = now() + ${CLAIM_MS} * interval '1 millisecond'
    WHERE r."id" = (
      SELECT "id" FROM "app"."offer_settlement_requests"
      WHERE "done_at" IS NULL AND "next_attempt_at" <= now()
      ORDER BY "created_at"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING r."id"::text, r."chain_id" AS "chainId", r."offer_id" AS "offerId", r."accepted", r."amount_wei" AS "amountWei", r."attempts"`;
  return rows[0] ?? null;
}

/** The request as it was claimed: one a later event replaced meanwhile is left for the next round. */
const sameRequest = ({ id, accepted, amountWei }: DueRequest) => ({ id, accepted, amountWei, doneAt: null });

/**
 * Sends every due request once. A send the contract refuses (the offer was settled or reclaimed
 * meanwhile: the chain decided already) is done; a chain that does not answer is tried again later.
 * Returns how many were sent or closed.
 */
export async function sendDueOfferSettlements(deps: AppDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const request = await claimNext(deps);
    if (!request) return handled;
    try {
      const hash = await settleOfferOnChain(deps, request.chainId, BigInt(request.offerId), request.accepted, BigInt(request.amountWei));
      await deps.prisma.offerSettlementRequest.updateMany({
        where: sameRequest(request),
        data: { doneAt: new Date(), txHash: hash.toLowerCase(), attempts: { increment: 1 }, lastError: null },
      });
      handled++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof Conflict) {
        await deps.prisma.$transaction(async (tx) => {
          await tx.offerSettlementRequest.updateMany({
            where: sameRequest(request),
            data: { doneAt: new Date(), attempts: { increment: 1 }, lastError: message },
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
        handled++;
        continue;
      }
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(request.attempts, 20));
      await deps.prisma.offerSettlementRequest.updateMany({
        where: sameRequest(request),
        data: { attempts: { increment: 1 }, lastError: message, nextAttemptAt: new Date(Date.now() + delay) },
      });
      deps.logger?.warn(`settlement: offer ${request.offerId} on chain ${request.chainId} not settled yet: ${message.split("\n")[0]}`);
      // The chain does not answer: the other requests wait for the next round rather than fail one by one.
      return handled;
    }
  }
}
