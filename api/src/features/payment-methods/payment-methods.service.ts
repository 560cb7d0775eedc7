// Saved cards (Settings → Payment Methods): only one's own, one default. The card details are read
// from Stripe when a card is added (the page's brand and last4 are not trusted), and the card is
// attached to the user's Stripe customer, so only its owner can be charged with it.
import { type PaymentMethod, type AddPaymentMethodRequest } from "@loop/rules/schemas/fiat-payments";
import type Stripe from "stripe";
import { isUniqueViolation, type PrismaClient, type Tx } from "../../db/prisma";
import type { Prisma } from "../../generated/prisma/client";
import { stripeCustomerId } from "../cards/stripe-customer";
import { isResourceMissing, retrieveFromStripe, stripeGatewayError } from "../cards/stripe-errors";
import { UUID } from "../../http/uuid";
import { TX_SHORT } from "../../db/transactions";
import { DomainError } from "../../domain-error";

const SELECT = {
  id: true,
  stripePaymentMethodId: true,
  type: true,
  brand: true,
  last4: true,
  expMonth: true,
  expYear: true,
  isDefault: true,
  createdAt: true,
} as const;
type Row = Prisma.PaymentMethodGetPayload<{ select: typeof SELECT }>;

const toPaymentMethod = (row: Row): PaymentMethod => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listPaymentMethods(prisma: PrismaClient, userId: string): Promise<PaymentMethod[]> {
  const rows = await prisma.paymentMethod.findMany({
    where: { userId },
    orderBy: [{ isDefault: "desc" }, { createdAt: "desc" }],
    select: SELECT,
  });
  return rows.map(toPaymentMethod);
}

/** One's own saved card; someone else's is answered like a missing one. */
export async function ownPaymentMethod(db: PrismaClient | Tx, userId: string, id: string) {
  const row = UUID.test(id) ? await db.paymentMethod.findUnique({ where: { id }, select: { ...SELECT, userId: true } }) : null;
  if (!row || row.userId !== userId) throw new DomainError("PAYMENT_METHOD_NOT_FOUND");
  return row;
}

function readCard(stripe: Stripe, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
  return retrieveFromStripe(() => stripe.paymentMethods.retrieve(paymentMethodId), "PAYMENT_METHOD_NOT_FOUND");
}

export async function addPaymentMethod(
  prisma: PrismaClient,
  stripe: Stripe,
  userId: string,
  input: AddPaymentMethodRequest,
): Promise<PaymentMethod> {
  const customer = await stripeCustomerId(prisma, stripe, userId).catch((error: unknown) => {
    throw stripeGatewayError(error);
  });
  let card = await readCard(stripe, input.stripePaymentMethodId);
  const owner = typeof card.customer === "string" ? card.customer : (card.customer?.id ?? null);
  if (owner !== null && owner !== customer) throw new DomainError("PAYMENT_METHOD_NOT_FOUND");
  if (card.type !== "card" || !card.card) throw new DomainError("PAYMENT_METHOD_UNSUPPORTED");
  if (owner === null) {
    try {
      card = await stripe.paymentMethods.attach(card.id, { customer });
    } catch (error) {
      throw stripeGatewayError(error);
    }
  }
  const details = card.card!;
  try {
    return await prisma.$transaction(async (tx) => {
      const others = await tx.paymentMethod.count({ where: { userId } });
      const isDefault = others === 0 || input.isDefault === true;
      if (isDefault) await tx.paymentMethod.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
      const row = await tx.paymentMethod.create({
        data: {
          userId,
          stripePaymentMethodId: card.id,
          type: card.type,
          brand: details.brand,
          last4: details.last4,
          expMonth: details.exp_month,
          expYear: details.exp_year,
          isDefault,
        },
        select: SELECT,
      });
      return toPaymentMethod(row);
    }, TX_SHORT);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("PAYMENT_METHOD_DUPLICATE");
    throw error;
  }
}

/** Detached at Stripe, then forgotten; the newest remaining card becomes the default if this one was. */
export async function removePaymentMethod(prisma: PrismaClient, stripe: Stripe, userId: string, id: string): Promise<void> {
  const row = await ownPaymentMethod(prisma, userId, id);
  try {
    await stripe.paymentMethods.detach(row.stripePaymentMethodId);
  } catch (error) {
    // Already detached or deleted at Stripe: it only has to go here too.
    if (!isResourceMissing(error) && !(error instanceof Error && /not attached/i.test(error.message))) throw stripeGatewayError(error);
  }
  await prisma.$transaction(async (tx) => {
    const deleted = await tx.paymentMethod.deleteMany({ where: { id: row.id, userId } });
    if (deleted.count === 0 || !row.isDefault) return;
    const next = await tx.paymentMethod.findFirst({ where: { userId }, orderBy: { createdAt: "desc" }, select: { id: true } });
    if (next) await tx.paymentMethod.update({ where: { id: next.id }, data: { isDefault: true } });
  }, TX_SHORT);
}

export async function setDefaultPaymentMethod(prisma: PrismaClient, userId: string, id: string): Promise<PaymentMethod> {
  return prisma.$transaction(async (tx) => {
    const row = await ownPaymentMethod(tx, userId, id);
    await tx.paymentMethod.updateMany({ where: { userId, isDefault: true, NOT: { id: row.id } }, data: { isDefault: false } });
    const updated = await tx.paymentMethod.update({ where: { id: row.id }, data: { isDefault: true }, select: SELECT });
    return toPaymentMethod(updated);
  }, TX_SHORT);
}
