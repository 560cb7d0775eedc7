// What an in-app offer holds from the buyer's balance (docs/product.md#offers): the offer plus its
// format fee, held as two holds (promotional LOOP first, the rest on the withdrawable account) while
// the offer is open, released when it closes without a sale.
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { centsToLoopUnits } from "@loop/rules/units";
import type { Tx } from "../../db/prisma";
import { releaseHoldInTx } from "../ledger/ledger-holds";
import { userBalance } from "../ledger/ledger.service";
import type { NegotiationRow } from "./negotiation-view";
import { DomainError } from "../../domain-error";

/** The LOOP an amount in cents costs the buyer with the offer's format fee, in ledger units. */
export function heldUnits(cents: number, format: Format, feeBps: bigint): bigint {
  return centsToLoopUnits(BigInt(cents) + formatFeeCents(BigInt(cents), format, feeBps));
}

/** The refusal for a buyer who lacks `needed` ledger units, with what they have available. */
export async function insufficientLoop(tx: Tx, buyerId: string, needed: bigint): Promise<DomainError> {
  const { available } = await userBalance(tx, buyerId);
  return new DomainError("INSUFFICIENT_BALANCE", { neededUnits: needed, availableUnits: available });
}

/** Releases an open offer's holds (its promotional and withdrawable parts). */
export async function releaseOfferHoldsInTx(tx: Tx, row: Pick<NegotiationRow, "holdId" | "promoHoldId">): Promise<void> {
  if (row.promoHoldId) await releaseHoldInTx(tx, row.promoHoldId);
  if (row.holdId) await releaseHoldInTx(tx, row.holdId);
}

/** What an open offer holds, both parts together (ledger units). */
export const heldForOffer = (row: NegotiationRow) => (row.hold?.amount ?? 0n) + (row.promoHold?.amount ?? 0n);
