/**
 * What the Token page's exchange cards say about a chain beside GET /api/exchange's figures
 * (docs/product.md#token-page): the token standard and the explorer's token page where one is known.
 */
export const NOT_DEPLOYED = "Not deployed on this network";
export const NO_POOL_YET = "No pool yet";

export type TokenAddressState = { status: "loading" } | { status: "ready"; address: string | null };

/** BEP-20 on BNB Smart Chain, ERC-20 elsewhere. */
export function tokenStandardOf(chainId: number): string {
  return chainId === 56 || chainId === 97 ? "BEP-20" : "ERC-20";
}

/** The explorer's page of the token (Etherscan, BscScan), or null on a chain without a public one. */
export function tokenInfoUrl(chainId: number, token: string): string | null {
  if (chainId === 1) return `https://etherscan.io/token/${token}`;
  if (chainId === 56) return `https://bscscan.com/token/${token}`;
  return null;
}
