// What a PayPal order or a card payment is for: the server prices it from the loop and the format
// (docs/product.md#fees: price + format fee, integer cents); an amount the page sends is only compared.
import { formatFeeCents, type Format } from "@loop/rules/fees";
import type { PrismaClient } from "../../db/prisma";
import { isReachable } from "../loops/loop-access";
import { UUID } from "../../http/uuid";
import { currentFeeBps } from "../platform-settings/platform-settings.service";
import { ownedPurchase } from "../purchases/record-purchase";
import { DomainError } from "../../domain-error";

export type CheckoutProvider = "paypal" | "stripe";

export interface PricedCheckout {
  loop: { id: string; title: string; userId: string };
  format: Format;
  priceCents: number;
  feeCents: number;
  totalCents: number;
}

/** The checkout's terms; refused for a missing, own, free or already bought loop, or a stale amount. */
export async function priceCheckout(
  prisma: PrismaClient,
  buyerId: string,
  request: { loopId: string; format: Format; claimedTotalCents: bigint | null },
): Promise<PricedCheckout> {
  const { loopId, format, claimedTotalCents } = request;
  const loop = UUID.test(loopId)
    ? await prisma.loop.findUnique({
        where: { id: loopId },
        select: { id: true, title: true, userId: true, priceCents: true, isFree: true, status: true, isPublic: true, unlisted: true },
      })
    : null;
  if (!loop || !isReachable(loop)) throw new DomainError("LOOP_NOT_FOUND");
  if (loop.userId === buyerId) throw new DomainError("OWN_LOOP_PURCHASE");
  if (loop.isFree || loop.priceCents === 0) throw new DomainError("FREE_LOOP");
  const owned = await ownedPurchase(prisma, buyerId, loop.id, format);
  if (owned) throw new DomainError("ALREADY_PURCHASED");
  // The current fee: a total the page computed with an older one is refused (amountMismatch); the
  // checkout row keeps the fee it was opened with.
  const feeCents = Number(formatFeeCents(BigInt(loop.priceCents), format, await currentFeeBps(prisma, format)));
  const totalCents = loop.priceCents + feeCents;
  if (claimedTotalCents !== null && claimedTotalCents !== BigInt(totalCents)) throw new DomainError("CHECKOUT_PRICE_CHANGED");
  return { loop: { id: loop.id, title: loop.title, userId: loop.userId }, format, priceCents: loop.priceCents, feeCents, totalCents };
}

/** The checkout row, before the provider is asked (its id goes into the provider's request). */
export function openCheckout(prisma: PrismaClient, provider: CheckoutProvider, buyerId: string, priced: PricedCheckout) {
  return prisma.checkout.create({
    data: { provider, buyerId, loopId: priced.loop.id, format: priced.format, priceCents: priced.priceCents, feeCents: priced.feeCents },
    select: { id: true },
  });
}
