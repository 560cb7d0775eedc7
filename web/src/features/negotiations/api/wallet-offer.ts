/** The API calls of a wallet-funded offer (docs/product.md#wallet-offers): the checked openOffer terms and the sent offers. */
import type { Negotiation, WalletOfferTerms } from "@loop/rules/schemas/negotiations";
import { apiJson } from "@/lib/api-client";
import type { WalletOfferApi } from "../lib/wallet-offer";

export const walletOfferApi: WalletOfferApi = {
  // POST /api/negotiations/wallet-terms: refused like an in-app offer before anything is escrowed.
  terms: (request) => apiJson<WalletOfferTerms>("POST", "/api/negotiations/wallet-terms", request),
  sentOffers: () => apiJson<Negotiation[]>("GET", "/api/negotiations?scope=sent"),
};
