// The sales of a mixed run of events (the analytics tests check their rollups against a recount):
// bought with in-app LOOP, settled on chain, refunded; a buyer owns a loop in a format at most once.
import type { PrismaClient } from "../../src/db/prisma";
import { buyWithLoop } from "./api-calls";
import { insertWalletSale } from "./listed-loop";
import type { Member } from "./members";

/** One sale of the run, as pickSale (./seeded-random.ts) picks it. */
export interface PickedSale {
  buyer: Pick<Member, "browser" | "id">;
  loopId: string;
  format: "mp3" | "wav";
  key: string;
}

/** The run's sales of `loops`: `owned` holds the key of each sale made and not refunded. */
export function mixedSales(prisma: PrismaClient, loops: readonly string[]) {
  const owned = new Set<string>();
  return {
    owned,
    /** Bought with in-app LOOP, unless the buyer owns it already. */
    async buyWithLoop({ buyer, loopId, format, key }: PickedSale): Promise<void> {
      if (owned.has(key)) return;
      owned.add(key);
      await buyWithLoop(buyer.browser, loopId, format);
    },
    /** A settled on-chain purchase of 300 cents + 6 fee (`figures` read only when it is made), unless owned already. */
    async wallet({ buyer, loopId, format, key }: PickedSale, figures: () => { loopUnits: bigint; createdAt: Date }): Promise<void> {
      if (owned.has(key)) return;
      owned.add(key);
      await insertWalletSale(prisma, { loopId, buyerId: buyer.id, format, priceCents: 300, feeCents: 6, ...figures() });
    },
    /** Refunds the first wallet sale of the run's loops not refunded yet, if any. */
    async refundWallet(refundRef: string): Promise<void> {
      const sale = await prisma.purchase.findFirst({ where: { method: "wallet", refundedAt: null, loopId: { in: [...loops] } } });
      if (!sale) return;
      await prisma.purchase.update({ where: { id: sale.id }, data: { refundedAt: new Date(), refundRef } });
      owned.delete(`${sale.buyerId}:${sale.loopId}:${sale.format}`);
    },
  };
}
