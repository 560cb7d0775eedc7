// EIP-712 purchase quotes of LoopMarketplace: what the API signs (with QUOTE_SIGNER_PRIVATE_KEY)
// and the wallet passes to `purchase`. Types: quote.d.mts. Works in Node and the browser.
//   const signature = await signer.signTypedData({
//     domain: quoteDomain(chainId, marketplaceAddress), types: quoteTypes, primaryType: "Quote", message: quote });

/** EIP-712 domain name and version of LoopMarketplace. */
export const QUOTE_DOMAIN_NAME = "LoopMarketplace";
export const QUOTE_DOMAIN_VERSION = "1";

/** The EIP-712 type string (LoopMarketplace.QUOTE_TYPEHASH is its keccak256). */
export const QUOTE_TYPE =
  "Quote(address buyer,address seller,bytes32 loopId,uint8 format,uint256 price,uint256 fee,bytes32 orderId,uint256 deadline)";

/** EIP-712 types of the quote, for viem's signTypedData / verifyTypedData. */
export const quoteTypes = {
  Quote: [
    { name: "buyer", type: "address" },
    { name: "seller", type: "address" },
    { name: "loopId", type: "bytes32" },
    { name: "format", type: "uint8" },
    { name: "price", type: "uint256" },
    { name: "fee", type: "uint256" },
    { name: "orderId", type: "bytes32" },
    { name: "deadline", type: "uint256" },
  ],
};

/** Format codes on chain: the index of the format in the app's list (mp3, wav). */
export const FORMAT_CODES = { mp3: 0, wav: 1 };

/** The EIP-712 domain of the marketplace at `verifyingContract` on `chainId`. */
export function quoteDomain(chainId, verifyingContract) {
  return { name: QUOTE_DOMAIN_NAME, version: QUOTE_DOMAIN_VERSION, chainId, verifyingContract };
}
