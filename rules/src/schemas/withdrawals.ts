/**
 * Withdrawals of in-app LOOP: POST /api/tokens/withdraw, GET /api/tokens/withdrawals,
 * POST /api/tokens/withdrawals/:id/cancel, and the admin's GET /api/admin/tokens/withdrawals and
 * PUT /api/admin/tokens/withdrawals/:id/status.
 *
 * The request schema checks the shape of the destination (what the web form can check at once);
 * the API also verifies the EIP-55 checksum of mixed-case EVM addresses and the checksums of
 * Bitcoin addresses (api/src/features/withdrawals/destination.ts).
 */
import { z } from "zod";
import { LEDGER_DECIMALS, formatLoopBrief, parseLoop } from "../units";
import { AMOUNT_MESSAGES, loopAmountProblem } from "./amounts";
import { loopDecimalString as loopString, usdDecimalString as usdString } from "./decimal-strings";
import { MIN_WITHDRAWAL_UNITS } from "../platform-defaults";

// Zod-free, in the module imported above (the pages that show loops load no schema); named here too.
export { MIN_WITHDRAWAL_UNITS };

export const WITHDRAWAL_METHODS = ["crypto_eth", "crypto_btc", "crypto_usdc", "crypto_usdt", "loop"] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/** Methods whose destination is an EVM address (ETH, the ERC-20 stablecoins, LOOP on chain). */
export const EVM_WITHDRAWAL_METHODS: readonly WithdrawalMethod[] = ["crypto_eth", "crypto_usdc", "crypto_usdt", "loop"];

export const WITHDRAWAL_STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** 'Minimum Withdrawal: The minimum withdrawal is 10 LOOP', for a minimum in ledger units. */
export function minimumWithdrawalMessage(minUnits: bigint): string {
  return `Minimum Withdrawal: The minimum withdrawal is ${formatLoopBrief(minUnits)} LOOP`;
}

export const TRANSACTION_ID_MAX = 200;
export const FAILURE_REASON_MAX = 500;

export const WITHDRAWAL_MESSAGES = {
  missing: "Please fill in all withdrawal details",
  notPositive: "Amount must be greater than 0",
  invalidAmount: "Invalid Amount: Enter a number of LOOP, e.g. 12.5",
  tooPrecise: `Invalid Amount: LOOP has at most ${LEDGER_DECIMALS} decimal places`,
  tooLarge: AMOUNT_MESSAGES.loopTooLarge,
  invalidMethod: "Invalid Method: Choose Ethereum, Bitcoin, USDC, USDT or LOOP",
  insufficient: "You don't have enough tokens for this withdrawal",
  /** At the default minimum; the API answers minimumWithdrawalMessage(the setting). */
  minimum: "Minimum Withdrawal: The minimum withdrawal is 10 LOOP",
  invalidEvmDestination: "Invalid Destination: Enter a valid Ethereum address (0x followed by 40 hex characters)",
  invalidBtcDestination: "Invalid Destination: Enter a valid Bitcoin address",
  notFound: "Withdrawal Not Found",
  missingStatus: "Missing Information: Please select an action",
  invalidStatus: "Invalid Status: Choose processing, completed, failed or cancelled",
  missingTransactionId: "Missing Transaction ID: Transaction ID is required for completed withdrawals",
  missingFailureReason: "Missing Failure Reason: Failure reason is required for failed withdrawals",
  transactionIdTooLong: `Transaction ID must be at most ${TRANSACTION_ID_MAX} characters`,
  failureReasonTooLong: `Failure reason must be at most ${FAILURE_REASON_MAX} characters`,
  invalidLoopTransactionId:
    "Invalid Transaction ID: A LOOP payout is completed with the hash of its payout transaction (0x followed by 64 hex characters)",
  /** HTTP 403: a second chargeback on the member's sales (or an admin) suspended their withdrawals until an admin lifts it (docs/product.md#sale-hold). */
  suspended:
    "Withdrawals Suspended: Card or PayPal payments for your sales were disputed, so your withdrawals are paused until an admin has reviewed your account. Your balance is safe; contact support if you have questions.",
} as const;

/** 'Invalid Status Change: A pending withdrawal cannot become completed' (HTTP 409). */
export function invalidStatusChangeMessage(from: WithdrawalStatus, to: WithdrawalStatus): string {
  return `Invalid Status Change: A ${from} withdrawal cannot become ${to}`;
}

/** The state machine: pending → processing | cancelled | failed; processing → completed | failed. */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  pending: ["processing", "cancelled", "failed"],
  processing: ["completed", "failed"],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return WITHDRAWAL_TRANSITIONS[from].includes(to);
}

export const isFinalWithdrawalStatus = (status: WithdrawalStatus) => WITHDRAWAL_TRANSITIONS[status].length === 0;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Base58 (P2PKH '1…', P2SH '3…') or bech32/bech32m ('bc1…', one case) mainnet shapes. */
const BTC_ADDRESS = /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87})$/;

/** The shape of a destination for its method (checksums are the API's: see the file comment). */
export function destinationShapeError(method: WithdrawalMethod, destination: string): string | null {
  if (method === "crypto_btc") return BTC_ADDRESS.test(destination) ? null : WITHDRAWAL_MESSAGES.invalidBtcDestination;
  return EVM_ADDRESS.test(destination) ? null : WITHDRAWAL_MESSAGES.invalidEvmDestination;
}

/** Text fields: absent, null or blank all mean "missing". */
const requiredText = z.string({ error: WITHDRAWAL_MESSAGES.missing }).trim().min(1, WITHDRAWAL_MESSAGES.missing);

/** The request, checked against a minimum in ledger units (the API passes the platform setting). */
export const withdrawalRequestSchemaFor = (minUnits: bigint) =>
  z
    .object({
      amount: z
        .string({
          error: (issue) =>
            issue.input === undefined || issue.input === null ? WITHDRAWAL_MESSAGES.missing : WITHDRAWAL_MESSAGES.invalidAmount,
        })
        .trim()
        .min(1, WITHDRAWAL_MESSAGES.missing),
      method: requiredText,
      destination: requiredText,
    })
    .superRefine((body, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
      const { amount: text, method, destination } = body;
      const problem = loopAmountProblem(text, { ...WITHDRAWAL_MESSAGES, invalid: WITHDRAWAL_MESSAGES.invalidAmount });
      if (problem) return fail(problem, "amount");
      const units = parseLoop(text)!;
      if (units < minUnits) return fail(minimumWithdrawalMessage(minUnits), "amount");
      if (!(WITHDRAWAL_METHODS as readonly string[]).includes(method)) return fail(WITHDRAWAL_MESSAGES.invalidMethod, "method");
      const shape = destinationShapeError(method as WithdrawalMethod, destination);
      if (shape) fail(shape, "destination");
    })
    .transform((body) => ({ amount: parseLoop(body.amount)!, method: body.method as WithdrawalMethod, destination: body.destination }));

/** At the default minimum (10 LOOP): the OpenAPI document and the forms' shape checks. */
export const withdrawalRequestSchema = withdrawalRequestSchemaFor(MIN_WITHDRAWAL_UNITS);
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;

/** The admin's status change. Which fields are required depends on the status (see the messages). */
export const withdrawalStatusUpdateSchema = z
  .object({
    status: z.string({ error: WITHDRAWAL_MESSAGES.missingStatus }).trim().min(1, WITHDRAWAL_MESSAGES.missingStatus),
    transactionId: z.string().trim().max(TRANSACTION_ID_MAX, WITHDRAWAL_MESSAGES.transactionIdTooLong).nullish(),
    failureReason: z.string().trim().max(FAILURE_REASON_MAX, WITHDRAWAL_MESSAGES.failureReasonTooLong).nullish(),
  })
  .superRefine((body, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (!(WITHDRAWAL_STATUSES as readonly string[]).includes(body.status) || body.status === "pending")
      return fail(WITHDRAWAL_MESSAGES.invalidStatus, "status");
    if (body.status === "completed" && !body.transactionId) return fail(WITHDRAWAL_MESSAGES.missingTransactionId, "transactionId");
    if (body.status === "failed" && !body.failureReason) fail(WITHDRAWAL_MESSAGES.missingFailureReason, "failureReason");
  })
  .transform((body) => ({
    status: body.status as Exclude<WithdrawalStatus, "pending">,
    transactionId: body.transactionId ? body.transactionId : null,
    failureReason: body.failureReason ? body.failureReason : null,
  }));
/** What a client sends. */
export type WithdrawalStatusUpdateInput = z.input<typeof withdrawalStatusUpdateSchema>;
/** What the API gets once the schema has parsed it. */
export type WithdrawalStatusUpdate = z.output<typeof withdrawalStatusUpdateSchema>;

export const withdrawalListQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});

export const withdrawalSchema = z.object({
  id: z.uuid(),
  amount: loopString,
  usdAmount: usdString.describe("amount / 500, rounded half-up to the cent"),
  method: z.enum(WITHDRAWAL_METHODS),
  destination: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  transactionId: z.string().nullable().describe("The payout's transaction id (for `loop`: the payout transaction hash)"),
  failureReason: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  processedAt: z.string().nullable().describe("ISO 8601; set when the withdrawal became completed, failed or cancelled"),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListSchema = z.array(withdrawalSchema);

export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.uuid(),
  username: z.string().nullable(),
  netUsdAmount: usdString.describe("What the user receives in USD: equal to usdAmount (no platform fee on withdrawals)"),
  payoutInProgress: z
    .boolean()
    .describe(
      "A `loop` withdrawal whose LoopVault payout was sent or is being sent and whose outcome the chain has not given yet: it cannot be failed or cancelled",
    ),
  payoutError: z.string().nullable().describe("Why the last payout attempt did not pay (the withdrawal is pending again)"),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalListSchema = z.array(adminWithdrawalSchema);
