// A user's Stripe customer: saved cards are attached to it and card payments charged through it.
import type Stripe from "stripe";
import type { PrismaClient } from "../../db/prisma";

/** The user's customer id, created at Stripe on first use (once, whatever requests race). */
export async function stripeCustomerId(prisma: PrismaClient, stripe: Stripe, userId: string): Promise<string> {
  const known = await prisma.stripeCustomer.findUnique({ where: { userId }, select: { customerId: true } });
  if (known) return known.customerId;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, username: true } });
  // Stripe answers a repeated idempotency key with the same customer, so racing requests agree.
  const customer = await stripe.customers.create(
    { email: user.email ?? undefined, name: user.username, metadata: { userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  await prisma.stripeCustomer.createMany({ data: [{ userId, customerId: customer.id }], skipDuplicates: true });
  const row = await prisma.stripeCustomer.findUniqueOrThrow({ where: { userId }, select: { customerId: true } });
  return row.customerId;
}
