/**
 * Admin dashboard figures and vault actions: GET /api/admin/stats and POST /api/admin/vault/deposit
 * (spec "Admin stats", "Vault deposit"). Amounts come from the ledger (docs/product.md#admin-figures).
 */
import { z } from "zod";
import { AMOUNT_MESSAGES, loopAmountProblem } from "./amounts";

export const ADMIN_MESSAGES = {
  missingAmount: "Missing Amount: Please enter an amount to deposit",
  invalidAmount: "Invalid Amount: Amount must be greater than 0",
  tooPrecise: "Invalid Amount: LOOP has at most 8 decimal places",
  tooLarge: AMOUNT_MESSAGES.loopTooLarge,
  insufficientEarnings: (loop: string) => `Insufficient Earnings: Only ${loop} LOOP of platform earnings can be deposited`,
} as const;

/** A LOOP amount typed in the deposit dialog: a decimal string (or a number), > 0, at most 8 decimals, at most the cap. */
export const vaultDepositRequestSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: ADMIN_MESSAGES.missingAmount })
    .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
    .superRefine((text, ctx) => {
      if (text === "") {
        ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.missingAmount });
        return;
      }
      const problem = loopAmountProblem(text, {
        notPositive: ADMIN_MESSAGES.invalidAmount,
        invalid: ADMIN_MESSAGES.invalidAmount,
        tooPrecise: ADMIN_MESSAGES.tooPrecise,
        tooLarge: ADMIN_MESSAGES.tooLarge,
      });
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe("LOOP to move from platform earnings to the withdrawal reserve, at most 8 decimals"),
});
/** What a client sends. */
export type VaultDepositRequestInput = z.input<typeof vaultDepositRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type VaultDepositRequest = z.output<typeof vaultDepositRequestSchema>;

const count = z.number().int().nonnegative();

export const adminStatsSchema = z.object({
  totalUsers: count,
  totalLoops: count.describe("Every uploaded loop and track, whatever its state"),
  activeUsers: count.describe("Users with a session seen in the last 30 days"),
  totalRevenue: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .describe("USD: price + fee of every paid purchase"),
  platformEarnings: z
    .string()
    .regex(/^-?\d+\.\d{8}$/)
    .describe("LOOP in the platform's fees account"),
  availableWithdrawal: z
    .string()
    .regex(/^-?\d+\.\d{8}$/)
    .describe("LOOP in the vault (withdrawal reserve) account"),
  onChainVaultReserve: z
    .string()
    .regex(/^\d+\.\d{8}$/)
    .nullable()
    .describe(
      "LoopVault.reserve() on the default chain: the LOOP that backs withdrawals, not the fees (8 decimals, truncated); null when the chain cannot be read",
    ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
