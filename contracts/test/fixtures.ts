// The marketplace fixtures and purchase steps that LoopMarketplace.test.ts and attacks.test.ts share
// (the deployed system itself and the lower-level helpers are in helpers.ts).
import type { Hex } from "viem";
import type { Quote } from "../quote.mjs";
import { DAY, deploySystem, eventsOf, makeQuote, signQuote, type System, type WalletClient } from "./helpers";

/** The dispute window of the `escrowed` fixture. */
export const WINDOW = DAY;
/** The system without a dispute window: a sale pays the seller at once. */
export const instant = () => deploySystem({ disputeWindow: 0n });
/** The system with a dispute window of a day: a sale waits in escrow. */
export const escrowed = () => deploySystem({ disputeWindow: WINDOW });

/** The marketplace's decoded events in a transaction. */
export async function marketplaceEvents(system: System, hash: Hex) {
  return eventsOf(system, system.marketplaceAbi, system.marketplace.address, hash);
}

/** A fresh quote (makeQuote's defaults with `overrides`) and its signature (signQuote with `options`). */
export async function signedQuote(system: System, overrides: Partial<Quote> = {}, options: Parameters<typeof signQuote>[2] = {}) {
  const quote = await makeQuote(system, overrides);
  return { quote, signature: await signQuote(system, quote, options) };
}

/** `wallet` approves the quote's price + fee, then buys with it: the purchase's promise. */
export async function approveAndPurchase(system: System, wallet: WalletClient, quote: Quote, signature: Hex) {
  const { token, marketplace } = system.as(wallet);
  await token.write.approve([marketplace.address, quote.price + quote.fee]);
  return marketplace.write.purchase([quote, signature]);
}
