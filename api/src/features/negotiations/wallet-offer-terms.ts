// POST /api/negotiations/wallet-terms: before a buyer escrows an offer from their wallet, the API
// checks it as it would an in-app offer and gives the exact openOffer arguments: the payee (the
// seller's linked wallet, or LoopVault when they have none), amount and fee in LOOP wei (the fee as
// LoopMarketplace.offerFee computes it), the allowance needed and the expiry. The offer itself is
// taken from the indexed OfferOpened event (settlement/handlers/offer-opened.ts).
import { FORMAT_CODES } from "@loop/contracts/quote";
import { defaultChainOf } from "@loop/rules/chains";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { formatFeeCents } from "@loop/rules/fees";
import type { WalletOfferTerms, WalletOfferTermsRequest } from "@loop/rules/schemas/negotiations";
import { centsToLoopUnits, ledgerUnitsToWei, parseUsd } from "@loop/rules/units";
import { getAddress } from "viem";
import type { AppDeps } from "../../deps";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { offerableLoop } from "./create-negotiation";
import { DomainError } from "../../domain-error";

export async function walletOfferTerms(
  deps: Pick<AppDeps, "config" | "prisma">,
  buyerId: string,
  { loopId, format, offerAmount }: WalletOfferTermsRequest,
  now = Date.now(),
): Promise<WalletOfferTerms> {
  const { config, prisma } = deps;
  const chain = defaultChainOf(config);
  if (!chain?.contracts || !config.operatorPrivateKey) throw new DomainError("WALLET_OFFERS_UNAVAILABLE");
  const offerCents = Number(parseUsd(offerAmount));
  const buyerWallet = await prisma.walletLink.findUnique({ where: { userId: buyerId }, select: { address: true } });
  if (!buyerWallet) throw new DomainError("WALLET_REQUIRED");
  const loop = await prisma.$transaction((tx) => offerableLoop(tx, buyerId, loopId, format, offerCents));
  const sellerWallet = await prisma.walletLink.findUnique({ where: { userId: loop.userId }, select: { address: true } });
  const amountWei = ledgerUnitsToWei(centsToLoopUnits(BigInt(offerCents)));
  // LoopMarketplace.offerFee's fixed rates (the default fees), not the admin's setting: the contract
  // escrows exactly this, and the offer keeps it (offer-opened.ts stores it as the offer's fee).
  const feeWei = formatFeeCents(amountWei, format);
  const { offerExpiryMs } = await settingsInUse(prisma);
  return {
    chainId: chain.id,
    marketplace: getAddress(chain.contracts.marketplace),
    token: getAddress(chain.contracts.token),
    loopId: uuidToBytes32(loop.id),
    format: FORMAT_CODES[format],
    payee: getAddress(sellerWallet?.address ?? chain.contracts.vault),
    amountWei: amountWei.toString(),
    feeWei: feeWei.toString(),
    totalWei: (amountWei + feeWei).toString(),
    expiresAt: String(Math.floor((now + offerExpiryMs) / 1000)),
  };
}
