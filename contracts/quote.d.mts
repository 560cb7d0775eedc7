// Types of quote.mjs.
type Address = `0x${string}`;
type Hex = `0x${string}`;

export declare const QUOTE_DOMAIN_NAME: "LoopMarketplace";
export declare const QUOTE_DOMAIN_VERSION: "1";
export declare const QUOTE_TYPE: "Quote(address buyer,address seller,bytes32 loopId,uint8 format,uint256 price,uint256 fee,bytes32 orderId,uint256 deadline)";
export declare const quoteTypes: {
  readonly Quote: readonly [
    { readonly name: "buyer"; readonly type: "address" },
    { readonly name: "seller"; readonly type: "address" },
    { readonly name: "loopId"; readonly type: "bytes32" },
    { readonly name: "format"; readonly type: "uint8" },
    { readonly name: "price"; readonly type: "uint256" },
    { readonly name: "fee"; readonly type: "uint256" },
    { readonly name: "orderId"; readonly type: "bytes32" },
    { readonly name: "deadline"; readonly type: "uint256" },
  ];
};
export declare const FORMAT_CODES: { readonly mp3: 0; readonly wav: 1 };

/** A quote as signed and as passed to LoopMarketplace.purchase (amounts in LOOP wei). */
export interface Quote {
  buyer: Address;
  seller: Address;
  loopId: Hex;
  format: number;
  price: bigint;
  fee: bigint;
  orderId: Hex;
  deadline: bigint;
}

export interface QuoteDomain {
  name: "LoopMarketplace";
  version: "1";
  chainId: number;
  verifyingContract: Address;
}

export declare function quoteDomain(chainId: number, verifyingContract: Address): QuoteDomain;
