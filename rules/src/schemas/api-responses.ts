/**
 * Response bodies of the API as zod schemas, for the OpenAPI document (api/src/features/openapi)
 * and for tests that check real answers. The TypeScript types stay in api-types.ts,
 * auth-api-types.ts, chains.ts and levels.ts; the checks at the bottom fail to compile when a
 * schema and its type disagree.
 */
import { z } from "zod";
import type { CurrentUser, LeaderboardEntry, PublicStats } from "../api-types";
import type { EmailLinkAccount, EmailLinkSentResponse, HealthProbeResponse, HealthResponse, NonceResponse } from "../auth-api-types";
import type { ChainContracts, ClientChainConfig, ClientConfig } from "../chains";
import type { LevelInfo } from "../levels";
import { publicPlatformSettingsSchema } from "./platform-settings";

const count = z.number().int().nonnegative();
/** LOOP amounts travel as decimal strings with 8 places (units.ts). */
const loopAmount = z.string().regex(/^\d+\.\d{8}$/);
const walletAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const levelInfoSchema = z.object({
  level: count.min(1),
  currentXP: count.describe("XP gathered within the current level"),
  nextLevelXP: count.describe("XP the current level needs in all"),
  xpNeededForNext: count,
  progressPercentage: count.max(100),
});

export const currentUserSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  walletAddress: walletAddress.nullable().describe("The linked wallet, EIP-55 checksummed"),
  level: count.min(1),
  experience: count,
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  levelInfo: levelInfoSchema,
});

export const leaderboardEntrySchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  level: count.min(1),
  experience: count,
  loopsCount: count,
  totalEarned: loopAmount.describe("LOOP earned from sales and rewards"),
});

export const publicStatsSchema = z.object({
  totalUsers: count,
  totalCreators: count,
  totalLoops: count,
  tokensEarned: loopAmount.describe("LOOP credited to users so far (bonuses, rewards, sales)"),
  leaderboard: z.array(leaderboardEntrySchema).describe("At most 10 users by experience, then level; no admins or banned users"),
});

export const chainContractsSchema = z.object({
  token: walletAddress.describe("LoopToken (ERC-20 LOOP, 18 decimals), checksummed"),
  marketplace: walletAddress.describe("LoopMarketplace, checksummed"),
  vault: walletAddress.describe("LoopVault, checksummed"),
});

export const chainExchangeSchema = z.object({
  name: z.string().describe('The exchange, e.g. "Uniswap V2", "PancakeSwap V2"'),
  router: walletAddress.describe("UniswapV2Router02 (or PancakeRouter), checksummed"),
  factory: walletAddress,
  wrappedNative: walletAddress.describe("WETH (WBNB on BNB Smart Chain): the router's WETH()"),
  pair: walletAddress.describe("The LOOP/wrapped-coin pair"),
  zap: walletAddress.nullable().describe("LoopZap: swap and deposit into the vault in one transaction; null when not deployed"),
  nativeUsdCents: z
    .number()
    .int()
    .nullable()
    .describe("The native coin's USD price the deployment names (the local pool's fixed dev price), in cents; null: none"),
});

export const chainConfigSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  publicRpcUrl: z
    .url()
    .nullable()
    .describe(
      "The chain's public RPC endpoint for browsers (PUBLIC_RPC_URL_<id>); null: use the wallet's own provider or the chain's default public endpoint. Never the server's RPC URL",
    ),
  contracts: chainContractsSchema.nullable().describe("Addresses from the chain's deployment manifest; null when the chain has none"),
  exchange: chainExchangeSchema
    .nullable()
    .optional()
    .describe("The exchange LOOP trades on, from the deployment manifest; null when the chain has none"),
  confirmations: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Blocks on top of a deposit's block before it is credited (CONFIRMATIONS_<id>); always sent by this API"),
});

export const clientConfigSchema = z.object({
  chains: z.array(chainConfigSchema),
  defaultChainId: z.number().int().positive().describe("Chain the app asks wallets to use by default"),
  walletConnectProjectId: z.string().nullable(),
  oidc: z
    .object({ accountUrl: z.url().nullable() })
    .nullable()
    .describe("Set when e-mail sign-in goes to an external OpenID Connect provider"),
  paypal: z.object({ clientId: z.string() }).nullable().describe("PayPal checkout, when configured"),
  stripe: z.object({ publishableKey: z.string() }).nullable().describe("Card payments (Stripe), when configured"),
  settings: publicPlatformSettingsSchema.optional().describe("The admin's platform settings the pages show; always sent by this API"),
});

/** GET /api/genres lists these, by name. */
export const genreSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type Genre = z.infer<typeof genreSchema>;

export const nonceResponseSchema = z.object({
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]+$/)
    .describe("Single-use EIP-4361 nonce, valid for 10 minutes"),
});

export const emailLinkSentResponseSchema = z.object({ message: z.string() });

export const emailLinkAccountSchema = z.object({
  email: z.string().describe("The address the link was sent to"),
  username: z.string().nullable().describe("The account's username; null when the link will create a new account"),
});

const blockNumber = z.string().regex(/^\d+$/);

export const chainHealthSchema = z.object({
  chainId: z.number().int(),
  name: z.string(),
  rpc: z.enum(["ok", "unreachable"]),
  head: blockNumber.nullable().describe("The chain's head block; null when its RPC does not answer"),
  indexedHead: blockNumber.nullable().describe("The last block the indexer (Ponder) has indexed; null before it has any"),
  confirmations: z.number().int().min(0).describe("Blocks an event waits for before it is settled"),
  unsettledEvents: z.number().int().min(0).describe("Indexed events deep enough to settle that are not settled yet"),
  settlementLagSeconds: z.number().int().min(0).describe("Age of the oldest of them (block time); 0 when there are none"),
});

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["ok", "unreachable"]),
  chains: z.array(chainHealthSchema).describe("Chains with deployed contracts; chains report, they never fail the check"),
});

export const healthProbeResponseSchema = z.object({
  status: z.enum(["ok", "error"]),
  roles: z.array(z.enum(["api", "worker"])).describe("What the process runs (LOOP_ROLES)"),
});

// Compile-time agreement of each schema with the type the api and web use.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemasMatchTypes: [
  Same<z.infer<typeof levelInfoSchema>, LevelInfo>,
  Same<z.infer<typeof currentUserSchema>, CurrentUser>,
  Same<z.infer<typeof leaderboardEntrySchema>, LeaderboardEntry>,
  Same<z.infer<typeof publicStatsSchema>, PublicStats>,
  Same<z.infer<typeof chainContractsSchema>, ChainContracts>,
  Same<z.infer<typeof chainConfigSchema>, ClientChainConfig>,
  Same<z.infer<typeof clientConfigSchema>, ClientConfig>,
  Same<z.infer<typeof nonceResponseSchema>, NonceResponse>,
  Same<z.infer<typeof emailLinkSentResponseSchema>, EmailLinkSentResponse>,
  Same<z.infer<typeof emailLinkAccountSchema>, EmailLinkAccount>,
  Same<z.infer<typeof healthResponseSchema>, HealthResponse>,
  Same<z.infer<typeof healthProbeResponseSchema>, HealthProbeResponse>,
] = [true, true, true, true, true, true, true, true, true, true, true, true];
