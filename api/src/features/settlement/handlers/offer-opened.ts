// LoopMarketplace.OfferOpened: a buyer escrowed an offer from their wallet. It becomes a negotiation
// when it is one the app would take (a member's linked wallet, a listed paid loop that is not theirs
// and not owned, the loop seller's wallet or LoopVault as payee, whole cents from the minimum offer
// to below the price, no other open offer); otherwise the operator rejects it on chain at once,
// refunding the buyer, or (a stranger's, one below the minimum, one on no loop) ignores it.
import { uuidFromBytes32 } from "@loop/rules/deposit-ref";
import { FORMAT_FEE_BPS } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import { centsToLoopUnits, formatUsd, ledgerUnitsToWei, UNITS_PER_CENT, weiToLedgerUnits } from "@loop/rules/units";
import { getAddress } from "viem";
import type { AppDeps } from "../../../deps";
import type { Tx } from "../../../db/prisma";
import { isReachable } from "../../loops/loop-access";
import { awardXpMany, offerCreatedXpAward } from "../../levels/award-xp";
import { createNotificationInTx } from "../../notifications/create-notification";
import { settingsInUse } from "../../platform-settings/platform-settings.service";
import { loopForSale } from "../../purchases/purchases.service";
import { ownedPurchase } from "../../purchases/record-purchase";
import { requestOfferSettlementInTx } from "../offer-settlement-requests";
import type { IndexedEvent, SettlementHandler, SettlementOutcome } from "../settlement-handler";
import { negotiationOfOffer } from "./wallet-offer";

const FORMATS = ["mp3", "wav"] as const;
async function applyOfferOpened(tx: Tx, event: IndexedEvent, deps: Pick<AppDeps, "config">): Promise<SettlementOutcome> {
  const { args } = event;
  if (await negotiationOfOffer(tx, event)) return { outcome: "already_applied", detail: `offer ${args.offer_id} is a negotiation already` };
  // A member's offer the app will not take is refused on chain (the escrow back at once), by a
  // request the sender carries out: this pass waits for no transaction. An offer from an address no
  // member has, or on a loop that does not exist, costs the operator nothing: it is ignored, and its
  // buyer reclaims it once it expires on chain (issue 35: one address must not stall settlement).
  const ignored = (why: string): SettlementOutcome => ({
    outcome: "unmatched",
    detail: `offer ${args.offer_id}: ${why}; ignored (its buyer may reclaim it once it expires)`,
  });
  const refused = async (why: string): Promise<SettlementOutcome> => {
    const reason = `offer ${args.offer_id}: ${why}`;
    await requestOfferSettlementInTx(tx, {
      chainId: event.chainId,
      offerId: args.offer_id!,
      accepted: false,
      amountWei: args.amount!,
      reason,
    });
    return { outcome: "unmatched", detail: `${reason}; refused on chain (refunded)` };
  };
  const buyerLink = await tx.walletLink.findUnique({ where: { address: getAddress(args.buyer!) }, select: { userId: true } });
  if (!buyerLink) return ignored(`no member has wallet ${args.buyer}`);
  const { minOfferCents, offerExpiryMs } = await settingsInUse(tx);
  if (BigInt(args.amount!) < ledgerUnitsToWei(centsToLoopUnits(BigInt(minOfferCents)))) {
    return ignored(`below the minimum offer of ${minOfferCents} cents`);
  }
  const loopId = uuidFromBytes32(args.loop_id!);
  const loop = loopId ? await loopForSale(tx, loopId) : null;
  if (!loop) return ignored(`loop ${args.loop_id} does not exist`);
  if (!isReachable(loop) || loop.isFree || loop.priceCents === 0) return refused(`loop ${args.loop_id} is not for sale`);
  if (loop.userId === buyerLink.userId) return refused("an offer on one's own loop");
  const sellerLink = await tx.walletLink.findUnique({ where: { userId: loop.userId }, select: { address: true } });
  const vault = deps.config.chains.find((chain) => chain.id === event.chainId)?.contracts?.vault;
  const payee = (sellerLink?.address ?? vault ?? "").toLowerCase();
  if (args.seller !== payee) return refused(`pays ${args.seller}, not the seller's ${payee}`);
  const units = weiToLedgerUnits(BigInt(args.amount!));
  if (units === null || units % UNITS_PER_CENT !== 0n) return refused(`${args.amount} wei is not a whole number of cents`);
  const offerCents = Number(units / UNITS_PER_CENT);
  if (offerCents >= loop.priceCents) return refused("not below the price");
  const format = FORMATS[Number(args.format)];
  if (!format) return refused(`format ${args.format}`);
  if (await ownedPurchase(tx, buyerLink.userId, loop.id, format)) return refused("the buyer owns this loop in this format");
  const open = await tx.negotiation.findFirst({
    where: { buyerId: buyerLink.userId, loopId: loop.id, status: { in: ["pending", "counter"] } },
    select: { id: true },
  });
  if (open) return refused(`negotiation ${open.id} is open on this loop`);

  await awardXpMany(
    tx,
    [offerCreatedXpAward({ priceCents: loop.priceCents, buyerId: buyerLink.userId, sellerId: loop.userId, loopId: loop.id })].filter(
      (award) => award !== null,
    ),
  );
  // At most the offer expiry of the platform settings, as an in-app offer.
  const expiresAt = new Date(Math.min(Number(args.expires_at) * 1000, Number(event.blockTimestamp) * 1000 + offerExpiryMs));
  const row = await tx.negotiation.create({
    data: {
      loopId: loop.id,
      buyerId: buyerLink.userId,
      sellerId: loop.userId,
      format,
      offerCents,
      // LoopMarketplace.offerFee's rate: what the escrow holds (event.args.fee) and settles.
      feeBps: Number(FORMAT_FEE_BPS[format]),
      funding: "wallet",
      chainId: event.chainId,
      chainOfferId: args.offer_id!,
      buyerAddress: args.buyer!,
      sellerAddress: args.seller!,
      expiresAt,
    },
    include: { buyer: { select: { username: true } } },
  });
  await createNotificationInTx(tx, {
    userId: loop.userId,
    type: "info",
    title: "New Offer",
    message: `${row.buyer.username} offers $${formatUsd(BigInt(offerCents))} for ${loop.title} (${format.toUpperCase()}), escrowed from their wallet.`,
    actionUrl: paths.negotiations(),
    actionText: "Answer",
  });
  return { outcome: "applied", detail: `negotiation ${row.id}` };
}

export const offerOpenedHandler: SettlementHandler = {
  kind: "offer_opened",
  table: "offer_opened",
  columns: ["offer_id", "buyer", "seller", "loop_id", "format", "amount", "fee", "expires_at"],
  apply: (tx, event, deps) => applyOfferOpened(tx, event, deps),
};
