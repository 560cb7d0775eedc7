/** Test data for the admin feature (imported by tests only). */
import type { AdminStats } from "@loop/rules/schemas/admin";
import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import type { AdminUser, AdminUserList } from "@loop/rules/schemas/admin-users";
import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import type { AdminWithdrawal } from "@loop/rules/schemas/withdrawals";
import { makeWithdrawal } from "@/testing/make-withdrawal";
import { fixture } from "@/testing/fixture";

export const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
export const USER_ID = "00000000-0000-4000-8000-000000000002";

export const makeStats = fixture<AdminStats>(() => ({
  totalUsers: 1234,
  totalLoops: 56,
  activeUsers: 78,
  totalRevenue: "4321.50",
  platformEarnings: "2500.00000000",
  availableWithdrawal: "1000.00000000",
  onChainVaultReserve: "1000.00000000",
}));

export const makeAdminUser = fixture<AdminUser>(() => ({
  id: USER_ID,
  username: "beatmaker",
  firstName: null,
  lastName: null,
  email: "beats@example.com",
  walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
  profileImageUrl: null,
  isAdmin: false,
  isBanned: false,
  banReason: null,
  level: 3,
  experience: 250,
  totalEarned: "120.50000000",
  totalSpent: "40.00000000",
  warnings: 0,
  createdAt: "2026-11-01T10:00:00.000Z",
  saleHold: { days: 30, basis: "new_seller", approved: false, customDays: null, oldSales: 1 },
  chargebacks: 0,
  withdrawalsSuspendedAt: null,
}));

export function userList(users: AdminUser[], total = users.length): AdminUserList {
  return {
    users,
    total,
    counts: {
      active: users.filter((user) => !user.isBanned).length,
      banned: users.filter((user) => user.isBanned).length,
      admins: users.filter((user) => user.isAdmin).length,
    },
  };
}

export const makeAdminLoop = fixture<AdminLoop>(() => ({
  id: "00000000-0000-4000-8000-0000000000a1",
  title: "Deep Night",
  contentType: "loop",
  isPublic: true,
  status: "ready",
  hiddenReason: null,
  price: "4.99",
  isFree: false,
  downloadCount: 12,
  purchaseCount: 3,
  creator: { id: USER_ID, username: "beatmaker", firstName: null, email: "beats@example.com" },
  createdAt: "2026-11-01T10:00:00.000Z",
}));

export const makeAdminWithdrawal = fixture<AdminWithdrawal>(() => ({
  ...makeWithdrawal({ id: "00000000-0000-4000-8000-0000000000b1" }),
  userId: USER_ID,
  username: "beatmaker",
  netUsdAmount: "0.20",
  payoutInProgress: false,
  payoutError: null,
}));

export const makeSettings = fixture<PlatformSettings>(() => ({
  formatFeeBps: { mp3: 200, wav: 400 },
  minWithdrawal: "10.00000000",
  offerExpiryHours: 168,
  disputeWindowSeconds: 0,
  fiatHoldDays: 7,
  uploadsPerHour: 20,
  uploadQuotaMb: 2048,
  supportEmail: "support@loop.local",
  minOfferCents: 50,
  uploadRewardMinPriceCents: 100,
  newSellerHoldDays: 30,
  trustedSellerSales: 3,
  maxPriceImpactBps: 500,
  updatedAt: "2026-11-20T10:00:00.000Z",
  updatedBy: null,
}));
