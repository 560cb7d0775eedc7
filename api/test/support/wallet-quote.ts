import type { WalletQuote } from "@loop/rules/schemas/purchases";
import type { Address, Hex } from "viem";

/** LoopMarketplace.purchase's arguments for a quote of POST /api/purchases/quote: the typed quote and its signature. */
export function purchaseArgs(q: WalletQuote) {
  const quote = {
    ...q.quote,
    loopId: q.quote.loopId as Hex,
    orderId: q.quote.orderId as Hex,
    buyer: q.quote.buyer as Address,
    seller: q.quote.seller as Address,
    price: BigInt(q.quote.price),
    fee: BigInt(q.quote.fee),
    deadline: BigInt(q.quote.deadline),
  };
  return [quote, q.signature as Hex] as const;
}
