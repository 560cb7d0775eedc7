// The end of a PayPal or card payment (docs/product.md#purchases): once the provider's API said the payment completed,
// the purchase is recorded in one transaction with the checkout locked, so the browser's call, a
// retry and the webhook can race and only one records it. The seller is credited the price in
// in-app LOOP (500 per USD) from `clearing`, where fiat received is counted; the fee goes to `fees`.
// The credit is held (a timed hold: the platform's fiat hold setting, longer for a new seller, see
// seller-hold.ts) until a card chargeback or a PayPal reversal is unlikely: see reverse-checkout.ts
// for what a reversal does.
import { CHARGEBACK_WINDOW_DAYS } from "@loop/rules/chargebacks";
import type { Format } from "@loop/rules/fees";
import { DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { centsToLoopUnits, formatLoopBrief, formatUsd } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { placeHoldInTx } from "../ledger/ledger-holds";
import { platformAccountId, postEntryInTx, userAccountId } from "../ledger/ledger.service";
import { awardXpMany, purchaseXpAward, saleXpAward, type XpAward } from "../levels/award-xp";
import { signDownloadToken } from "../downloads/download-token";
import { downloadSigningKey } from "../downloads/signing-secret";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { sellerHold } from "./seller-hold";
import { loopForSale } from "../purchases/purchases.service";
import {
  ownedPurchase,
  RECORDED_PURCHASE_SELECT,
  recordPurchaseInTx,
  toPurchase,
  type CompletedPurchase,
} from "../purchases/record-purchase";
import { sendPurchaseMails } from "../purchases/send-purchase-mails";
import { TX_DEFAULT } from "../../db/transactions";

/** What the provider's API said was paid. */
export interface VerifiedPayment {
  amountCents: bigint;
  currency: string;
  /** The PayPal capture id or the Stripe charge/intent id. */
  paymentRef: string;
}

export type CheckoutOutcome =
  | { status: "completed"; purchaseId: string }
  /** The buyer owned this loop and format by then (another payment won): the payment is to be refunded. */
  | { status: "owned" }
  /** Paid something else than the checkout's total: nothing recorded, kept for support. */
  | { status: "mismatch" }
  | { status: "refunded" }
  /** Recorded, then refunded or disputed at the provider: the purchase was revoked. */
  | { status: "reversed" };

const METHOD = { paypal: "paypal", stripe: "card" } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

async function lockCheckout(tx: Tx, checkoutId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text FROM "app"."checkouts" WHERE "id" = ${checkoutId}::uuid FOR UPDATE`;
  if (!rows[0]) return null;
  return tx.checkout.findUniqueOrThrow({ where: { id: checkoutId } });
}

async function completeInTx(
  tx: Tx,
  checkoutId: string,
  paid: VerifiedPayment,
): Promise<{ outcome: CheckoutOutcome; done: CompletedPurchase | null }> {
  const checkout = await lockCheckout(tx, checkoutId);
  if (!checkout) throw new Error(`checkout ${checkoutId} does not exist`);
  if (checkout.status === "completed") return { outcome: { status: "completed", purchaseId: checkout.purchaseId! }, done: null };
  if (checkout.status === "refunded") return { outcome: { status: "refunded" }, done: null };
  if (checkout.status === "reversed") return { outcome: { status: "reversed" }, done: null };
  const totalCents = BigInt(checkout.priceCents + checkout.feeCents);
  if (paid.currency.toUpperCase() !== checkout.currency || paid.amountCents !== totalCents) {
    await tx.checkout.update({
      where: { id: checkout.id },
      data: {
        status: "failed",
        paymentRef: paid.paymentRef,
        failureReason: `paid ${formatUsd(paid.amountCents)} ${paid.currency}, expected ${formatUsd(totalCents)} ${checkout.currency}`,
      },
    });
    return { outcome: { status: "mismatch" }, done: null };
  }
  // Locked like every purchase of the loop (see loopForSale); a loop taken down since is still delivered: it was paid.
  const loop = await loopForSale(tx, checkout.loopId);
  if (!loop) throw new Error(`checkout ${checkout.id}: loop ${checkout.loopId} is gone`);
  const format = checkout.format as Format;
  const owned = await ownedPurchase(tx, checkout.buyerId, loop.id, format);
  if (owned) return { outcome: { status: "owned" }, done: null };

  const trade = { priceCents: checkout.priceCents, buyerId: checkout.buyerId, sellerId: loop.userId, onChain: false, loopId: loop.id };
  await awardXpMany(
    tx,
    [purchaseXpAward(trade), saleXpAward(trade)].filter((award): award is XpAward => award !== null),
  );
  const priceUnits = centsToLoopUnits(BigInt(checkout.priceCents));
  const feeUnits = centsToLoopUnits(BigInt(checkout.feeCents));
  const [clearing, fees] = await Promise.all([platformAccountId(tx, "clearing"), platformAccountId(tx, "fees")]);
  const entry = await postEntryInTx(tx, {
    idempotencyKey: `checkout:${checkout.id}`,
    kind: "sale",
    description: `${loop.title} (${format.toUpperCase()}), paid by ${checkout.provider === "paypal" ? "PayPal" : "card"}`,
    postings: [
      { accountId: clearing, amount: -(priceUnits + feeUnits) },
      { userId: loop.userId, amount: priceUnits },
      ...(feeUnits > 0n ? [{ accountId: fees, amount: feeUnits }] : []),
    ],
  });
  // The proceeds are the seller's but not spendable until the hold ends (a timed hold: see
  // ledger/timed-holds.ts); the sale keeps the release time decided now: the seller's hold
  // (seller-hold.ts: longer for a seller without a history of sales, issue 35).
  const settings = await settingsInUse(tx);
  const sellersHold = await sellerHold(tx, loop.userId, settings);
  const releaseAt = sellersHold.ms > 0 ? new Date(Date.now() + sellersHold.ms) : null;
  const hold = releaseAt
    ? await placeHoldInTx(tx, await userAccountId(tx, loop.userId), priceUnits, `fiat-sale:${checkout.id}`, { releaseAt })
    : null;
  const recorded = await recordPurchaseInTx(tx, {
    loop,
    buyerId: checkout.buyerId,
    format,
    priceCents: checkout.priceCents,
    feeCents: checkout.feeCents,
    method: METHOD[checkout.provider as keyof typeof METHOD],
    loopUnits: null,
    ledgerEntryId: entry.id,
    externalRef: checkout.providerRef,
    ...(releaseAt
      ? {
          sellerNote:
            `The ${formatLoopBrief(priceUnits)} LOOP are pending until ${releaseAt.toISOString().slice(0, 10)} (UTC), while the payment can still be reversed.` +
            (sellersHold.basis === "new_seller"
              ? ` A new seller's card and PayPal proceeds are held ${Math.round(sellersHold.ms / DAY_MS)} days until ${settings.trustedSellerSales} of their sales are older than ${CHARGEBACK_WINDOW_DAYS} days.`
              : ""),
        }
      : {}),
  });
  await tx.checkout.update({
    where: { id: checkout.id },
    data: {
      status: "completed",
      purchaseId: recorded.id,
      paymentRef: paid.paymentRef,
      failureReason: null,
      proceedsHoldId: hold?.id ?? null,
    },
  });
  return {
    outcome: { status: "completed", purchaseId: recorded.id },
    done: { purchase: toPurchase(recorded, loop, ""), sellerId: loop.userId, buyerId: checkout.buyerId },
  };
}

/** Records the checkout's purchase once; the e-mails and the catalog refresh follow the commit. */
export async function completeCheckout(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  checkoutId: string,
  paid: VerifiedPayment,
): Promise<CheckoutOutcome> {
  const { outcome, done } = await deps.prisma.$transaction((tx) => completeInTx(tx, checkoutId, paid), TX_DEFAULT);
  if (done) {
    const key = await downloadSigningKey(deps.prisma, deps.config)();
    void sendPurchaseMails(deps, key, done);
  }
  return outcome;
}

/**
 * A failed, declined or refunded payment: the checkout says why (never once completed). `paymentRef`:
 * the provider's payment (e.g. a PayPal capture pending review), so that a reversal of it is found.
 */
export async function closeCheckout(
  deps: Pick<AppDeps, "prisma">,
  checkoutId: string,
  status: "failed" | "refunded" | "pending",
  reason: string | null,
  paymentRef?: string,
): Promise<void> {
  await deps.prisma.checkout.updateMany({
    where: { id: checkoutId, status: { in: ["open", "pending", "failed"] } },
    data: { status, failureReason: reason, ...(paymentRef ? { paymentRef } : {}) },
  });
}

/** The answer of every PayPal and card call: the purchase (with a fresh download link) once recorded. */
export async function checkoutStatus(
  deps: Pick<AppDeps, "config" | "prisma">,
  checkoutId: string,
  extra: { paymentIntentId?: string | null; clientSecret?: string | null; status?: FiatPurchaseStatus["status"] } = {},
  now = Date.now(),
): Promise<FiatPurchaseStatus> {
  const checkout = await deps.prisma.checkout.findUniqueOrThrow({
    where: { id: checkoutId },
    select: {
      status: true,
      purchase: {
        select: {
          ...RECORDED_PURCHASE_SELECT,
          buyerId: true,
          loop: { select: { id: true, title: true } },
        },
      },
    },
  });
  const base = { paymentIntentId: extra.paymentIntentId ?? null, clientSecret: extra.clientSecret ?? null };
  const { purchase } = checkout;
  if (!purchase) return { ...base, status: extra.status ?? "pending", purchase: null };
  const key = await downloadSigningKey(deps.prisma, deps.config)();
  const token = signDownloadToken(key, {
    loopId: purchase.loop.id,
    format: purchase.format,
    userId: purchase.buyerId,
    expiresAt: now + DOWNLOAD_LINK_TTL_MS,
  });
  return { ...base, clientSecret: null, status: "completed", purchase: toPurchase(purchase, purchase.loop, `/api/downloads/${token}`) };
}
