// An accepted in-app offer (docs/product.md#offers): the sale at the agreed amount in the answer's
// transaction. The holds are captured into the sale (buyer → seller the agreed amount, buyer → fees
// the fee, promotional LOOP paying the seller promotional LOOP: postPaymentInTx) and the purchase is
// recorded; XP (issue 18) goes to the sale and to the seller's answer that led to it.
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { type Negotiation } from "@loop/rules/schemas/negotiations";
import { centsToLoopUnits } from "@loop/rules/units";
import type { Tx } from "../../db/prisma";
import { postPaymentInTx } from "../ledger/ledger-payments";
import { InsufficientFunds, userBalance } from "../ledger/ledger.service";
import { loopForSale } from "../purchases/purchases.service";
import { ownedPurchase, toPurchase, type CompletedPurchase } from "../purchases/record-purchase";
import { agreedCents, toNegotiation, type NegotiationRow } from "./negotiation-view";
import { heldForOffer, insufficientLoop } from "./offer-funds";
import { awardOfferSaleXpInTx, recordOfferSaleInTx } from "./offer-sale";
import type { DueRequest } from "../settlement/offer-settlement-requests";
import { DomainError } from "../../domain-error";

/** What an answer to an offer came to, for the work that follows its commit. */
export interface AnswerOutcome {
  negotiation: Negotiation;
  /** Set when the answer completed the sale: its e-mails follow the commit. */
  sold: CompletedPurchase | null;
  /** A wallet-funded offer's answer, recorded as a request the operator carries out on chain after the commit. */
  onChain?: DueRequest;
}

/** The sale at the agreed amount: hold captured, purchase recorded, XP, notifications; all or nothing. */
export async function acceptOfferInTx(tx: Tx, row: NegotiationRow, bySeller: boolean, message: string | null): Promise<AnswerOutcome> {
  const format = row.format as Format;
  const loop = await loopForSale(tx, row.loopId);
  if (!loop) throw new DomainError("LOOP_NOT_FOUND");
  if (await ownedPurchase(tx, row.buyerId, row.loopId, format)) throw new DomainError("ALREADY_PURCHASED");
  const priceCents = agreedCents(row);
  // The fee the offer was opened with (its hold was placed with it), not today's setting.
  const feeCents = Number(formatFeeCents(BigInt(priceCents), format, BigInt(row.feeBps)));
  const priceUnits = centsToLoopUnits(BigInt(priceCents));
  const feeUnits = centsToLoopUnits(BigInt(feeCents));

  await awardOfferSaleXpInTx(tx, row, { priceCents, onChain: false, bySeller });
  // A counter above the offer takes more than was held: the buyer must have the difference available.
  const extra = priceUnits + feeUnits - heldForOffer(row);
  if (extra > 0n && (await userBalance(tx, row.buyerId)).available < extra) throw await insufficientLoop(tx, row.buyerId, extra);
  let entryId: string;
  try {
    const entry = await postPaymentInTx(tx, {
      idempotencyKey: `offer:${row.id}`,
      kind: "purchase",
      description: `${loop.title} (${format.toUpperCase()}), offer accepted`,
      buyerId: row.buyerId,
      sellerId: row.sellerId,
      price: priceUnits,
      fee: feeUnits,
      holdIds: [row.promoHoldId, row.holdId].filter((id): id is string => id !== null),
    });
    entryId = entry.id;
  } catch (error) {
    if (error instanceof InsufficientFunds) throw await insufficientLoop(tx, row.buyerId, extra);
    throw error;
  }
  const { recorded, negotiation: updated } = await recordOfferSaleInTx(tx, row, {
    loop,
    format,
    priceCents,
    feeCents,
    method: "loop",
    loopUnits: priceUnits + feeUnits,
    ledgerEntryId: entryId,
    externalRef: `offer:${row.id}`,
    bySeller,
    accepted: bySeller ? { responseMessage: message } : {},
  });
  return {
    negotiation: toNegotiation(updated),
    sold: { purchase: toPurchase(recorded, loop, ""), sellerId: row.sellerId, buyerId: row.buyerId },
  };
}
