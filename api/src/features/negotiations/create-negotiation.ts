// A new in-app offer (docs/product.md#offers): checked against the loop (locked, as every purchase
// locks it), the buyer's offer plus its format fee held from the in-app balance, the seller notified.
import { type Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { type Negotiation, type CreateNegotiationRequest } from "@loop/rules/schemas/negotiations";
import { formatUsd, parseUsd } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import { isUniqueViolation, type Tx } from "../../db/prisma";
import { isReachable } from "../loops/loop-access";
import { UUID } from "../../http/uuid";
import { placeSpendingHoldsInTx, type SpendingHolds } from "../ledger/ledger-holds";
import { InsufficientFunds } from "../ledger/ledger.service";
import { awardXpMany, grantedXpAwards, offerCreatedXpAward } from "../levels/award-xp";
import { createNotificationInTx } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { loopForSale } from "../purchases/purchases.service";
import { ownedPurchase } from "../purchases/record-purchase";
import { NEGOTIATION_INCLUDE, presentAmount, toNegotiation, type NegotiationRow } from "./negotiation-view";
import { heldUnits, insufficientLoop } from "./offer-funds";
import { TX_DEFAULT } from "../../db/transactions";
import { DomainError } from "../../domain-error";

/** The loop (locked) an offer of `offerCents` by `buyerId` may be made on; the refusals of the spec otherwise. */
export async function offerableLoop(tx: Tx, buyerId: string, loopId: string, format: Format, offerCents: number) {
  const loop = UUID.test(loopId) ? await loopForSale(tx, loopId) : null;
  if (!loop || !isReachable(loop)) throw new DomainError("LOOP_NOT_FOUND");
  if (loop.userId === buyerId) throw new DomainError("OWN_LOOP_OFFER");
  if (loop.isFree || loop.priceCents === 0) throw new DomainError("OFFER_ON_FREE_LOOP");
  if (offerCents >= loop.priceCents) throw new DomainError("OFFER_NOT_BELOW_PRICE");
  const { minOfferCents } = await settingsInUse(tx);
  if (offerCents < minOfferCents) throw new DomainError("OFFER_BELOW_MINIMUM", { minOfferCents });
  if (await ownedPurchase(tx, buyerId, loop.id, format)) throw new DomainError("ALREADY_PURCHASED");
  const open = await tx.negotiation.findFirst({
    where: { buyerId, loopId: loop.id, status: { in: ["pending", "counter"] } },
    select: { id: true },
  });
  if (open) throw new DomainError("OFFER_ALREADY_OPEN");
  return loop;
}

/** POST /api/negotiations */
export async function createNegotiation(
  deps: Pick<AppDeps, "prisma">,
  buyerId: string,
  { loopId, format, offerAmount, message }: CreateNegotiationRequest,
  now = new Date(),
): Promise<Negotiation> {
  const offerCents = Number(parseUsd(offerAmount));
  if (!UUID.test(loopId)) throw new DomainError("LOOP_NOT_FOUND");
  return deps.prisma.$transaction(async (tx) => {
    // The loop row is locked as every purchase locks it: an offer and a purchase of it take turns.
    const loop = await offerableLoop(tx, buyerId, loopId, format, offerCents);

    // The fee and expiry in the platform settings now; the offer keeps its fee until it closes.
    const settings = await settingsInUse(tx);
    const feeBps = settings.feeBps[format];
    const units = heldUnits(offerCents, format, feeBps);
    // XP before the hold: award-xp.ts locks users, then accounts (the lock order of every money path).
    await awardXpMany(
      tx,
      grantedXpAwards([offerCreatedXpAward({ priceCents: loop.priceCents, buyerId, sellerId: loop.userId, loopId: loop.id })]),
    );
    let holds: SpendingHolds;
    try {
      holds = await placeSpendingHoldsInTx(tx, buyerId, units, `offer on ${loop.title} (${format.toUpperCase()})`);
    } catch (error) {
      if (error instanceof InsufficientFunds) throw await insufficientLoop(tx, buyerId, units);
      throw error;
    }
    let row: NegotiationRow;
    try {
      row = await tx.negotiation.create({
        data: {
          loopId: loop.id,
          buyerId,
          sellerId: loop.userId,
          format,
          offerCents,
          feeBps: Number(feeBps),
          message,
          holdId: holds.holdId,
          promoHoldId: holds.promoHoldId,
          expiresAt: new Date(now.getTime() + settings.offerExpiryMs),
        },
        include: NEGOTIATION_INCLUDE,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError("OFFER_ALREADY_OPEN");
      throw error;
    }
    await createNotificationInTx(tx, {
      userId: loop.userId,
      type: "info",
      title: "New Offer",
      message: `${row.buyer.username} offers ${presentAmount(formatUsd(BigInt(offerCents)))} for ${loop.title} (${format.toUpperCase()}).`,
      actionUrl: paths.negotiations(),
      actionText: "Answer",
    });
    return toNegotiation(row);
  }, TX_DEFAULT);
}
