// Paying from the wallet (docs/product.md#paying-from-a-wallet): the API signs an EIP-712 quote that LoopMarketplace.purchase
// accepts once (its orderId is the quote's id); the purchase is recorded only when the indexed
// Purchased event matches the quote (settlement/handlers/purchased.ts), never from a client-sent hash.
import { FORMAT_CODES, quoteDomain, quoteTypes } from "@loop/contracts/quote";
import { defaultChainOf } from "@loop/rules/chains";
import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import { formatFeeCents } from "@loop/rules/fees";
import {
  QUOTE_TTL_MS,
  type CryptoPurchaseStatus,
  type WalletQuote,
  type CryptoPurchaseRequest,
  type QuoteRequest,
} from "@loop/rules/schemas/purchases";
import { DOWNLOAD_LINK_TTL_MS } from "@loop/rules/schemas/downloads";
import { centsToLoopUnits, formatLoop, formatUsd, ledgerUnitsToWei } from "@loop/rules/units";
import { getAddress } from "viem";
import { accountOfKey } from "../../chain/key-account";
import type { AppDeps } from "../../deps";
import type { Tx } from "../../db/prisma";
import { signDownloadToken } from "../downloads/download-token";
import { currentFeeBps } from "../platform-settings/platform-settings.service";
import { isReachable } from "../loops/loop-access";
import { UUID } from "../../http/uuid";
import { ownedPurchase, RECORDED_PURCHASE_SELECT, toPurchase } from "./record-purchase";
import { DomainError } from "../../domain-error";

/** POST /api/purchases/quote: price and fee in LOOP wei, signed for the buyer's linked wallet. */
export async function createWalletQuote(
  deps: Pick<AppDeps, "config" | "prisma">,
  buyerId: string,
  { loopId, format }: QuoteRequest,
  now = Date.now(),
): Promise<WalletQuote> {
  const { config, prisma } = deps;
  const chain = defaultChainOf(config);
  if (!chain?.contracts || !config.quoteSignerPrivateKey) throw new DomainError("WALLET_PAYMENTS_UNAVAILABLE");

  const loop = UUID.test(loopId)
    ? await prisma.loop.findUnique({
        where: { id: loopId },
        select: { id: true, userId: true, priceCents: true, isFree: true, status: true, isPublic: true, unlisted: true },
      })
    : null;
  if (!loop || !isReachable(loop)) throw new DomainError("LOOP_NOT_FOUND");
  if (loop.userId === buyerId) throw new DomainError("OWN_LOOP_PURCHASE");
  if (loop.isFree || loop.priceCents === 0) throw new DomainError("FREE_LOOP");
  const [owned, buyerWallet, sellerWallet] = await Promise.all([
    ownedPurchase(prisma, buyerId, loop.id, format),
    prisma.walletLink.findUnique({ where: { userId: buyerId }, select: { address: true } }),
    prisma.walletLink.findUnique({ where: { userId: loop.userId }, select: { address: true } }),
  ]);
  if (owned) throw new DomainError("ALREADY_PURCHASED");
  if (!buyerWallet) throw new DomainError("WALLET_REQUIRED");

  const priceCents = loop.priceCents;
  // The current fee; the signed quote fixes it for this purchase (the Purchased event carries it).
  const feeCents = Number(formatFeeCents(BigInt(priceCents), format, await currentFeeBps(prisma, format)));
  const priceUnits = centsToLoopUnits(BigInt(priceCents));
  const feeUnits = centsToLoopUnits(BigInt(feeCents));
  const priceWei = ledgerUnitsToWei(priceUnits);
  const feeWei = ledgerUnitsToWei(feeUnits);
  // A seller without a wallet is paid to the vault and credited in app when the purchase settles.
  const seller = getAddress(sellerWallet?.address ?? chain.contracts.vault);
  const buyer = getAddress(buyerWallet.address);
  const deadline = new Date(now + QUOTE_TTL_MS);
  const row = await prisma.purchaseQuote.create({
    data: {
      buyerId,
      loopId: loop.id,
      format,
      chainId: chain.id,
      buyerAddress: buyer.toLowerCase(),
      sellerAddress: seller.toLowerCase(),
      sellerPaidInApp: !sellerWallet,
      priceCents,
      feeCents,
      priceWei: priceWei.toString(),
      feeWei: feeWei.toString(),
      deadline,
    },
    select: { id: true },
  });
  const message = {
    buyer,
    seller,
    loopId: uuidToBytes32(loop.id),
    format: FORMAT_CODES[format],
    price: priceWei,
    fee: feeWei,
    orderId: uuidToBytes32(row.id),
    deadline: BigInt(Math.floor(deadline.getTime() / 1000)),
  };
  const marketplace = getAddress(chain.contracts.marketplace);
  const signature = await accountOfKey(config.quoteSignerPrivateKey).signTypedData({
    domain: quoteDomain(chain.id, marketplace),
    types: quoteTypes,
    primaryType: "Quote",
    message,
  });
  return {
    chainId: chain.id,
    marketplace,
    token: getAddress(chain.contracts.token),
    quote: { ...message, price: message.price.toString(), fee: message.fee.toString(), deadline: message.deadline.toString() },
    signature,
    price: formatUsd(BigInt(priceCents)),
    fee: formatUsd(BigInt(feeCents)),
    total: formatUsd(BigInt(priceCents + feeCents)),
    loopAmount: formatLoop(priceUnits + feeUnits),
    totalWei: (priceWei + feeWei).toString(),
    expiresAt: deadline.toISOString(),
  };
}

/**
 * POST /api/purchases/crypto: the page reports the transaction it sent for a quote. The answer says
 * whether the purchase is recorded yet (from the indexed event); the hash itself proves nothing.
 */
export async function reportWalletPurchase(
  deps: Pick<AppDeps, "prisma">,
  buyerId: string,
  { loopId, format, txHash, orderId }: CryptoPurchaseRequest,
  signingKey: string,
  now = Date.now(),
): Promise<CryptoPurchaseStatus> {
  if (!UUID.test(loopId)) throw new DomainError("LOOP_NOT_FOUND");
  const quotes = await deps.prisma.purchaseQuote.findMany({
    where: { buyerId, loopId, format },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { id: true, txHash: true, purchaseId: true },
  });
  const quote = orderId ? quotes.find((candidate) => uuidToBytes32(candidate.id) === orderId) : quotes[0];
  if (!quote) throw new DomainError("QUOTE_NOT_FOUND");
  if (!quote.txHash) await deps.prisma.purchaseQuote.update({ where: { id: quote.id }, data: { txHash: txHash.toLowerCase() } });
  // Bought by this quote, or (another quote, another way to pay) already owned: either way it is done.
  const purchase = await deps.prisma.purchase.findFirst({
    where: quote.purchaseId ? { id: quote.purchaseId } : { buyerId, loopId, format, refundedAt: null },
    select: {
      ...RECORDED_PURCHASE_SELECT,
      loop: { select: { id: true, title: true } },
    },
  });
  if (!purchase) return { status: "pending", purchase: null };
  const token = signDownloadToken(signingKey, { loopId, format: purchase.format, userId: buyerId, expiresAt: now + DOWNLOAD_LINK_TTL_MS });
  return { status: "completed", purchase: toPurchase(purchase, purchase.loop, `/api/downloads/${token}`) };
}

/** The quote, locked until the settlement of its purchase commits; null when there is none. */
export async function lockQuote(tx: Tx, quoteId: string) {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id"::text FROM "app"."purchase_quotes" WHERE "id" = ${quoteId}::uuid FOR UPDATE`;
  if (!rows[0]) return null;
  return tx.purchaseQuote.findUniqueOrThrow({
    where: { id: quoteId },
    include: { loop: { select: { id: true, title: true, userId: true } } },
  });
}
