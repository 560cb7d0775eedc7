import { formatFeeCents, type Format } from "@loop/rules/fees";
import type { Negotiation, NegotiationStatus } from "@loop/rules/schemas/negotiations";
import { formatLoop, formatUsd } from "@loop/rules/units";
import type { Prisma } from "../../generated/prisma/client";

export const NEGOTIATION_INCLUDE = {
  loop: { select: { id: true, title: true, priceCents: true, user: { select: { id: true, username: true } } } },
  buyer: { select: { id: true, username: true } },
  hold: { select: { amount: true, state: true } },
  promoHold: { select: { amount: true, state: true } },
} as const satisfies Prisma.NegotiationInclude;

export type NegotiationRow = Prisma.NegotiationGetPayload<{ include: typeof NEGOTIATION_INCLUDE }>;

/** What the sale is for: the counter once there is one, else the offer. */
export const agreedCents = (row: Pick<NegotiationRow, "offerCents" | "counterCents" | "status">) =>
  row.status === "counter" || (row.counterCents !== null && row.status === "accepted") ? row.counterCents! : row.offerCents;

/** What an open in-app offer holds: its promotional and withdrawable parts together; null once released or captured. */
function heldLoop(row: NegotiationRow): string | null {
  const open = [row.hold, row.promoHold].filter((hold) => hold !== null && hold.state === "open");
  return open.length === 0 ? null : formatLoop(open.reduce((sum, hold) => sum + hold!.amount, 0n));
}

export function toNegotiation(row: NegotiationRow): Negotiation {
  const amount = agreedCents(row);
  return {
    id: row.id,
    status: row.status as NegotiationStatus,
    format: row.format,
    offerAmount: formatUsd(BigInt(row.offerCents)),
    counterOffer: row.counterCents === null ? null : formatUsd(BigInt(row.counterCents)),
    amount: formatUsd(BigInt(amount)),
    // The fee the offer was opened with (app.negotiations.fee_bps), whatever the settings say now.
    fee: formatUsd(formatFeeCents(BigInt(amount), row.format as Format, BigInt(row.feeBps))),
    heldLoop: heldLoop(row),
    message: row.message,
    responseMessage: row.responseMessage,
    version: row.version,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    purchaseId: row.purchaseId,
    funding: row.funding as Negotiation["funding"],
    settling: row.settling as Negotiation["settling"],
    chainOfferId: row.chainOfferId,
    loop: { id: row.loop.id, title: row.loop.title, price: formatUsd(BigInt(row.loop.priceCents)), user: row.loop.user },
    buyer: row.buyer,
  };
}

/** A formatted USD amount as the notifications show it. */
export const presentAmount = (amount: string | null) => `$${amount}`;
