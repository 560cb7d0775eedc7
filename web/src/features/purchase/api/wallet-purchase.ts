/** The API calls of a wallet purchase and of the development faucet (docs/product.md#paying-from-a-wallet). */
import type { Format } from "@loop/rules/fees";
import type { FaucetResponse } from "@loop/rules/schemas/faucet";
import type { CryptoPurchaseStatus, WalletQuote } from "@loop/rules/schemas/purchases";
import { apiJson, jsonCall } from "@/lib/api-client";
import type { CryptoPurchaseReport, PurchaseApi } from "../lib/wallet-purchase";

/** POST /api/purchases/quote {loopId, format} → 201 a signed quote for the linked wallet (15 minutes, usable once). */
export function requestWalletQuote(loopId: string, format: Format): Promise<WalletQuote> {
  return apiJson<WalletQuote>("POST", "/api/purchases/quote", { loopId, format });
}

/** POST /api/purchases/crypto: 202 {status: "pending"} until the Purchased event is settled, then 200 completed. */
export const reportCryptoPurchase = jsonCall<CryptoPurchaseReport, CryptoPurchaseStatus>("POST", "/api/purchases/crypto");

export function purchaseApi(loopId: string, format: Format): PurchaseApi {
  return { requestQuote: () => requestWalletQuote(loopId, format), reportPurchase: reportCryptoPurchase };
}

/** POST /api/wallet/faucet {address}: mints test LOOP on the local development chain only (answers once mined). */
export function requestTestLoop(address: string): Promise<FaucetResponse> {
  return apiJson<FaucetResponse>("POST", "/api/wallet/faucet", { address });
}
