// The platform settings an admin changes (GET/PUT /api/admin/settings) and the code uses: format
// fees (new quotes, checkouts and in-app offers; an open offer keeps the fee it was opened with),
// the minimum withdrawal, the offer expiry (new offers and counters), LoopMarketplace's dispute
// window (on chain, sent with the operator key, which holds SETTINGS_ROLE), and the hold of card and
// PayPal sale proceeds (new sales; a sale keeps the release time it was made with), and the upload
// limits per member (uploads per hour, the storage their loops may take), and the support
// address the pages show. The row
// (app.platform_settings, one row) is read per use: one small query, never stale across processes.
import { loopMarketplaceAbi } from "@loop/contracts/abis";
import { defaultChainOf } from "@loop/rules/chains";
import type { Format } from "@loop/rules/fees";
import { type PlatformSettings, type PublicPlatformSettings, type PlatformSettingsUpdate } from "@loop/rules/schemas/platform-settings";
import { formatLoop, parseLoop } from "@loop/rules/units";
import { BaseError, getAddress } from "viem";
import { sendStoredOperatorTransaction, storeOperatorTransaction } from "../../chain/operator-transactions";
import type { AppDeps } from "../../deps";
import type { PrismaClient, Tx } from "../../db/prisma";
import { recordAdminActionInTx } from "../admin/audit-log";
import { DomainError } from "../../domain-error";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MIB = 1024 * 1024;

/** The settings the server prices, checks and expires with. */
export interface SettingsInUse {
  /** Basis points of the price, per format. */
  feeBps: Record<Format, bigint>;
  minWithdrawalUnits: bigint;
  offerExpiryMs: number;
  /** How long a fiat (card, PayPal) sale's proceeds are held; 0: available at once. */
  fiatHoldMs: number;
  /** Uploads a member may make in any 60 minutes. */
  uploadsPerHour: number;
  /** Bytes all of a member's loops may take: originals and the files made from them. */
  uploadQuotaBytes: number;
  supportEmail: string;
  /** The smallest offer the app answers, in cents. */
  minOfferCents: number;
  /** The smallest price, in cents, an upload needs to earn its reward. */
  uploadRewardMinPriceCents: number;
  /** The hold of a fiat sale's proceeds while the seller has fewer than `trustedSellerSales` old completed fiat sales. */
  newSellerHoldMs: number;
  trustedSellerSales: number;
  /** Basis points: a wallet swap for LOOP moving the pool's price more is refused before the wallet opens. */
  maxPriceImpactBps: number;
}

type Db = PrismaClient | Tx;

async function settingsRow(db: Db) {
  return db.platformSettings.findUniqueOrThrow({ where: { id: true }, include: { updater: { select: { id: true, username: true } } } });
}

/** The settings in use now (one query; inside a transaction, as that transaction sees them). */
export async function settingsInUse(db: Db): Promise<SettingsInUse> {
  const row = await db.platformSettings.findUniqueOrThrow({
    where: { id: true },
    select: {
      mp3FeeBps: true,
      wavFeeBps: true,
      minWithdrawalUnits: true,
      offerExpiryHours: true,
      fiatHoldDays: true,
      uploadsPerHour: true,
      uploadQuotaMb: true,
      supportEmail: true,
      minOfferCents: true,
      uploadRewardMinPriceCents: true,
      newSellerHoldDays: true,
      trustedSellerSales: true,
      maxPriceImpactBps: true,
    },
  });
  return {
    feeBps: { mp3: BigInt(row.mp3FeeBps), wav: BigInt(row.wavFeeBps) },
    minWithdrawalUnits: row.minWithdrawalUnits,
    offerExpiryMs: row.offerExpiryHours * HOUR_MS,
    fiatHoldMs: row.fiatHoldDays * DAY_MS,
    uploadsPerHour: row.uploadsPerHour,
    uploadQuotaBytes: row.uploadQuotaMb * MIB,
    supportEmail: row.supportEmail,
    minOfferCents: row.minOfferCents,
    uploadRewardMinPriceCents: row.uploadRewardMinPriceCents,
    newSellerHoldMs: row.newSellerHoldDays * DAY_MS,
    trustedSellerSales: row.trustedSellerSales,
    maxPriceImpactBps: row.maxPriceImpactBps,
  };
}

/** The current format fee of `format`, in basis points. */
export async function currentFeeBps(db: Db, format: Format): Promise<bigint> {
  return (await settingsInUse(db)).feeBps[format];
}

/** GET /api/config → settings: what the pages show. */
export async function publicSettings(db: Db): Promise<PublicPlatformSettings> {
  const { feeBps, minWithdrawalUnits, offerExpiryMs, supportEmail, minOfferCents, maxPriceImpactBps } = await settingsInUse(db);
  return {
    formatFeeBps: { mp3: Number(feeBps.mp3), wav: Number(feeBps.wav) },
    minWithdrawal: formatLoop(minWithdrawalUnits),
    offerExpiryHours: offerExpiryMs / HOUR_MS,
    supportEmail,
    minOfferCents,
    maxPriceImpactBps,
  };
}

// ---------------------------------------------------------------------------- dispute window

function marketplaceOf(deps: Pick<AppDeps, "chains" | "config">) {
  const chain = defaultChainOf(deps.config);
  const client = chain ? deps.chains.get(chain.id) : undefined;
  if (!chain?.contracts || !client) return null;
  return { chain, client, address: getAddress(chain.contracts.marketplace) };
}

/** LoopMarketplace.disputeWindow() on the default chain; null when it cannot be read. */
export async function readDisputeWindow(deps: Pick<AppDeps, "chains" | "config" | "logger">): Promise<number | null> {
  const marketplace = marketplaceOf(deps);
  if (!marketplace) return null;
  try {
    const window = await marketplace.client.readContract({
      address: marketplace.address,
      abi: loopMarketplaceAbi,
      functionName: "disputeWindow",
    });
    return Number(window);
  } catch (error) {
    deps.logger?.warn(
      `platform settings: LoopMarketplace.disputeWindow() could not be read (${error instanceof BaseError ? error.shortMessage : String(error)})`,
    );
    return null;
  }
}

/**
 * Sends setDisputeWindow with the operator key (an operator transaction: stored before it is sent,
 * with a nonce from the one nonce authority) and waits for its receipt; any failure is 502. When the
 * chain does not decide it in time, the row is not changed; the stored transaction is still sent
 * again until the chain decides it, and the settings page reads the window from the chain.
 */
async function setDisputeWindowOnChain(deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">, seconds: number): Promise<void> {
  const marketplace = marketplaceOf(deps);
  if (!marketplace || !deps.config.operatorPrivateKey) throw new DomainError("SETTINGS_CHAIN_UNAVAILABLE");
  const { chain, address } = marketplace;
  try {
    const stored = await storeOperatorTransaction(deps, {
      chainId: chain.id,
      purpose: "dispute_window",
      address,
      abi: loopMarketplaceAbi,
      functionName: "setDisputeWindow",
      args: [BigInt(seconds)],
    });
    const fate = await sendStoredOperatorTransaction(deps, stored);
    if (fate !== "success") throw new Error(`setDisputeWindow ${fate} (transaction ${stored.txHash})`);
  } catch (error) {
    deps.logger?.error("platform settings: setDisputeWindow failed", error);
    throw new DomainError("SETTINGS_CHAIN_UNAVAILABLE", { cause: error });
  }
}

// ------------------------------------------------------------------------------ admin API

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

function toSettings(row: SettingsRow, disputeWindowSeconds: number | null): PlatformSettings {
  return {
    formatFeeBps: { mp3: row.mp3FeeBps, wav: row.wavFeeBps },
    minWithdrawal: formatLoop(row.minWithdrawalUnits),
    offerExpiryHours: row.offerExpiryHours,
    disputeWindowSeconds,
    fiatHoldDays: row.fiatHoldDays,
    uploadsPerHour: row.uploadsPerHour,
    uploadQuotaMb: row.uploadQuotaMb,
    supportEmail: row.supportEmail,
    minOfferCents: row.minOfferCents,
    uploadRewardMinPriceCents: row.uploadRewardMinPriceCents,
    newSellerHoldDays: row.newSellerHoldDays,
    trustedSellerSales: row.trustedSellerSales,
    maxPriceImpactBps: row.maxPriceImpactBps,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updater ? { id: row.updater.id, username: row.updater.username } : null,
  };
}

/** The audit log's before/after: the settings themselves (no updatedAt/updatedBy). */
const audited = ({ updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings }: PlatformSettings) => settings;

/** GET /api/admin/settings */
export async function getPlatformSettings(deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">): Promise<PlatformSettings> {
  const [row, disputeWindowSeconds] = await Promise.all([settingsRow(deps.prisma), readDisputeWindow(deps)]);
  return toSettings(row, disputeWindowSeconds);
}

/**
 * PUT /api/admin/settings: only the settings sent change, each validated first (400, nothing
 * changed). A dispute window goes on chain first (502 when the chain refuses or does not answer,
 * nothing changed); then the row changes in one transaction with its audit entry.
 */
export async function updatePlatformSettings(
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">,
  adminId: string,
  change: PlatformSettingsUpdate,
): Promise<PlatformSettings> {
  const minWithdrawalUnits = change.minWithdrawal === undefined ? undefined : parseLoop(change.minWithdrawal)!;

  let windowBefore: number | null = null;
  if (change.disputeWindowSeconds !== undefined) {
    windowBefore = await readDisputeWindow(deps);
    await setDisputeWindowOnChain(deps, change.disputeWindowSeconds);
  }
  const windowAfter = change.disputeWindowSeconds ?? (await readDisputeWindow(deps));
  if (change.disputeWindowSeconds === undefined) windowBefore = windowAfter;

  return deps.prisma.$transaction(async (tx) => {
    // Locked: two admins' changes take turns, and each audit entry's "before" is what it changed.
    await tx.$queryRaw`SELECT "id" FROM "app"."platform_settings" WHERE "id" = true FOR UPDATE`;
    const before = toSettings(await settingsRow(tx), windowBefore);
    const updated = await tx.platformSettings.update({
      where: { id: true },
      data: {
        ...(change.formatFeeBps?.mp3 !== undefined ? { mp3FeeBps: change.formatFeeBps.mp3 } : {}),
        ...(change.formatFeeBps?.wav !== undefined ? { wavFeeBps: change.formatFeeBps.wav } : {}),
        ...(minWithdrawalUnits !== undefined ? { minWithdrawalUnits } : {}),
        ...(change.offerExpiryHours !== undefined ? { offerExpiryHours: change.offerExpiryHours } : {}),
        ...(change.fiatHoldDays !== undefined ? { fiatHoldDays: change.fiatHoldDays } : {}),
        ...(change.uploadsPerHour !== undefined ? { uploadsPerHour: change.uploadsPerHour } : {}),
        ...(change.uploadQuotaMb !== undefined ? { uploadQuotaMb: change.uploadQuotaMb } : {}),
        ...(change.supportEmail !== undefined ? { supportEmail: change.supportEmail } : {}),
        ...(change.minOfferCents !== undefined ? { minOfferCents: change.minOfferCents } : {}),
        ...(change.uploadRewardMinPriceCents !== undefined ? { uploadRewardMinPriceCents: change.uploadRewardMinPriceCents } : {}),
        ...(change.newSellerHoldDays !== undefined ? { newSellerHoldDays: change.newSellerHoldDays } : {}),
        ...(change.trustedSellerSales !== undefined ? { trustedSellerSales: change.trustedSellerSales } : {}),
        ...(change.maxPriceImpactBps !== undefined ? { maxPriceImpactBps: change.maxPriceImpactBps } : {}),
        updatedAt: new Date(),
        updatedBy: adminId,
      },
      include: { updater: { select: { id: true, username: true } } },
    });
    const after = toSettings(updated, windowAfter);
    await recordAdminActionInTx(tx, {
      adminId,
      action: "settings.changed",
      targetType: "settings",
      targetId: null,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
