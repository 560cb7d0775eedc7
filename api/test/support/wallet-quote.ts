import type { WalletQuote } from "@loop/rules/schemas/purchases";
import { loopMarketplaceAbi, loopTokenAbi } from "@loop/contracts/abis";
import type { Account, Address, Chain, Hex, Transport, WalletClient } from "viem";

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

/**
 * Pays a quote of POST /api/purchases/quote from a wallet, as the web's wallet purchase does: approve the
 * marketplace for the total, then LoopMarketplace.purchase. `confirm` waits for each transaction (and checks it).
 */
export async function payQuoteOnChain<Receipt>(
  from: WalletClient<Transport, Chain, Account>,
  confirm: (hash: Hex) => Promise<Receipt>,
  contracts: { token: Address; marketplace: Address },
  q: WalletQuote,
): Promise<Receipt> {
  await confirm(
    await from.writeContract({
      address: contracts.token,
      abi: loopTokenAbi,
      functionName: "approve",
      args: [contracts.marketplace, BigInt(q.totalWei)],
    }),
  );
  return confirm(
    await from.writeContract({ address: contracts.marketplace, abi: loopMarketplaceAbi, functionName: "purchase", args: purchaseArgs(q) }),
  );
}
