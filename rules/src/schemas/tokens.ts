/** The in-app LOOP calls: GET /api/tokens/balance, POST /api/tokens/transfer, GET /api/tokens/transfers. */
import { z } from "zod";
import { nullableText } from "./fields";
import { LEDGER_DECIMALS } from "../units";
import { AMOUNT_MESSAGES, loopAmountProblem } from "./amounts";
import { PROMOTIONAL_LOOP_TEXT, promotionalRefusalMessage } from "../promotional-loop";

// Zod-free, in ../promotional-loop (the balance banner loads no schema); named here too.
export { PROMOTIONAL_LOOP_TEXT, promotionalRefusalMessage };

export const TOKEN_MESSAGES = {
  missing: "Missing Information: Please enter both recipient ID and amount",
  notPositive: "Amount must be greater than 0",
  insufficient: "Insufficient Balance: You don't have enough tokens for this transfer",
  invalidAmount: "Invalid Amount: Enter a number of LOOP, e.g. 12.5",
  tooPrecise: `Invalid Amount: LOOP has at most ${LEDGER_DECIMALS} decimal places`,
  tooLarge: AMOUNT_MESSAGES.loopTooLarge,
  recipientNotFound: "Recipient Not Found: No user has this ID",
  selfTransfer: "Invalid Recipient: You cannot send tokens to yourself",
  descriptionTooLong: "Description must be at most 200 characters",
  idempotencyKeyInvalid: "Idempotency-Key must be 1 to 200 visible characters",
  idempotencyKeyReused: "Idempotency-Key was already used with a different request",
  /** HTTP 403: the sender's withdrawals are suspended (a second chargeback): sending LOOP to another member, who could withdraw it, is paused too. */
  suspended:
    "Transfers Suspended: Card or PayPal payments for your sales were disputed, so sending LOOP is paused until an admin has reviewed your account. Your balance is safe; contact support if you have questions.",
} as const;

export const TRANSFER_DESCRIPTION_MAX = 200;

/** A positive LOOP amount as a decimal string with at most 8 decimals (the ledger's unit), at most LoopToken's cap. */
export const loopAmountSchema = z
  .string({ error: TOKEN_MESSAGES.missing })
  .trim()
  .min(1, TOKEN_MESSAGES.missing)
  .superRefine((text, ctx) => {
    const problem = loopAmountProblem(text, { ...TOKEN_MESSAGES, invalid: TOKEN_MESSAGES.invalidAmount });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const transferRequestSchema = z.object({
  toUserId: z.string({ error: TOKEN_MESSAGES.missing }).trim().min(1, TOKEN_MESSAGES.missing),
  amount: loopAmountSchema,
  description: nullableText(TRANSFER_DESCRIPTION_MAX, TOKEN_MESSAGES.descriptionTooLong),
});
/** What a client sends. */
export type TransferRequestInput = z.input<typeof transferRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type TransferRequest = z.output<typeof transferRequestSchema>;

const loopString = z
  .string()
  .regex(/^-?\d+\.\d{8}$/)
  .describe("LOOP, a decimal string with exactly 8 decimals");

export const tokenBalanceSchema = z.object({
  balance: loopString.describe("Everything in the account, held amounts included"),
  available: loopString.describe("balance − held: what can be spent on loops now"),
  held: loopString.describe("Reserved for pending withdrawals, open offers and card/PayPal sale proceeds still pending"),
  withdrawable: loopString.describe("Available to withdraw or send now: available less promotional LOOP"),
  promotional: loopString.describe(
    "Promotional LOOP (welcome bonus, level rewards, upload rewards; held amounts included): spendable on loops only, never sent or withdrawn",
  ),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/**
 * GET /api/tokens/pending-sales: the part of `held` that is proceeds of card and PayPal sales not
 * available yet (the payment can still be reversed), summed per day of release, soonest first.
 */
export const pendingSaleSchema = z.object({
  amount: loopString.describe("LOOP held until availableAt"),
  availableAt: z.string().describe("ISO 8601: when the last of them becomes available"),
});
export type PendingSale = z.infer<typeof pendingSaleSchema>;
export const pendingSaleListSchema = z.array(pendingSaleSchema);

/**
 * Ledger entry kinds as the Transfer History shows them. The welcome bonus and level rewards are a
 * `reward`; `upload_reward` is the upload reward (issue 22).
 */
export const TRANSFER_TYPES = [
  "admin_airdrop",
  "reward",
  "upload_reward",
  "user_transfer",
  "purchase",
  "sale",
  "deposit",
  "withdrawal",
  "other",
] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export const transferSchema = z.object({
  id: z.string(),
  transferType: z.enum(TRANSFER_TYPES),
  direction: z.enum(["in", "out"]).describe("in: the viewer received it; out: the viewer sent or paid it"),
  fromUserId: z.string().nullable().describe("The sender's user id; null when the platform sent it"),
  toUserId: z
    .string()
    .nullable()
    .describe("`current_user` when the viewer is the recipient; else the recipient's id (null for the platform)"),
  amount: loopString.describe("Always positive; see direction"),
  description: z.string().nullable(),
  status: z.enum(["completed"]),
  createdAt: z.string().describe("ISO 8601"),
});
export type Transfer = z.infer<typeof transferSchema>;
export const transferListSchema = z.array(transferSchema);

/** What an on-chain LOOP transfer of the linked wallet was, from the counterparty's address. */
export const WALLET_TRANSFER_KINDS = ["deposit", "payout", "marketplace", "mint", "transfer"] as const;
export type WalletTransferKind = (typeof WALLET_TRANSFER_KINDS)[number];

/** GET /api/tokens/wallet-transfers: the linked wallet's LOOP transfers, as indexed from the chain. */
export const walletTransferSchema = z.object({
  id: z.string().describe("<chainId>:<transaction hash>:<log index>"),
  chainId: z.number().int(),
  transactionHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  blockNumber: z.string().regex(/^\d+$/),
  kind: z
    .enum(WALLET_TRANSFER_KINDS)
    .describe(
      "deposit: into LoopVault (credits the in-app balance); payout: a withdrawal paid by LoopVault; marketplace: to or from LoopMarketplace; mint: newly minted; transfer: any other address",
    ),
  direction: z.enum(["in", "out"]).describe("in: the wallet received it"),
  counterparty: z.string().describe("The other address (EIP-55)"),
  amount: z
    .string()
    .regex(/^\d+\.\d{1,18}$/)
    .describe("LOOP with up to 18 decimals, always positive"),
  createdAt: z.string().describe("The block's time, ISO 8601"),
});
export type WalletTransfer = z.infer<typeof walletTransferSchema>;
export const walletTransferListSchema = z.object({
  /** The linked wallet (EIP-55), or null when the account has none. */
  address: z.string().nullable(),
  transfers: z.array(walletTransferSchema),
});
export type WalletTransferList = z.infer<typeof walletTransferListSchema>;
