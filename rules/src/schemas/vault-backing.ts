/**
 * GET /api/admin/vault/backing: whether the LOOP in LoopVault's reserve backs what the ledger owes
 * through it, per configured chain, with every known cause of a difference (docs/decisions.md,
 * issue 17). Amounts are LOOP as exact decimal strings of up to 18 decimals ("1250", "-0.5"): the
 * chain counts wei, and a reconciliation must not round.
 */
import { z } from "zod";

/** A signed LOOP amount, exact to the wei. */
const loop = z.string().regex(/^-?\d+(\.\d{1,18})?$/);

/**
 * Why the on-chain reserve differs from the ledger's vault liability, and the sign each has:
 * + LOOP the reserve holds that backs no member (yet), − LOOP a member is still owed that already left.
 */
export const VAULT_BACKING_CAUSES = {
  treasury_funding: {
    label: "Treasury funding (fundReserve)",
    explanation:
      "LOOP the treasury put into the reserve without crediting a member: it backs LOOP issued in the app (welcome bonuses, level rewards, airdrops).",
  },
  deposits_unsettled: {
    label: "Deposits not credited yet",
    explanation: "Deposits on chain that the settlement has not credited yet (within the confirmation depth, or waiting for the worker).",
  },
  deposits_unmatched: {
    label: "Deposits that credited no member",
    explanation: "Deposits whose account reference names no member: the LOOP stays in the reserve until an admin credits it.",
  },
  sales_unsettled: {
    label: "Sale proceeds not credited yet",
    explanation: "Sales to members without a wallet, paid into the reserve on chain and not credited to the seller yet.",
  },
  sales_not_credited: {
    label: "Sale proceeds that credited no member",
    explanation:
      "Sales paid into the reserve that the app did not record (a quote it never issued, a loop the buyer owned already): refund or credit by hand.",
  },
  payouts_unsettled: {
    label: "Payouts not settled yet (withdrawals in flight)",
    explanation: "LOOP paid out of the reserve for withdrawals that the ledger has not completed yet.",
  },
  payouts_unmatched: {
    label: "Payouts for no withdrawal",
    explanation: "LOOP the operator key paid out of the reserve for no withdrawal of the app: investigate at once.",
  },
} as const;

export type VaultBackingCauseCode = keyof typeof VAULT_BACKING_CAUSES;
export const VAULT_BACKING_CAUSE_CODES = Object.keys(VAULT_BACKING_CAUSES) as [VaultBackingCauseCode, ...VaultBackingCauseCode[]];

export const vaultBackingCauseSchema = z.object({
  code: z.enum(VAULT_BACKING_CAUSE_CODES),
  label: z.string(),
  explanation: z.string(),
  amount: loop.describe("LOOP this cause adds to the difference (reserve − liability); negative when it makes the reserve short"),
  events: z.number().int().nonnegative().describe("How many chain events make it up"),
});
export type VaultBackingCause = z.infer<typeof vaultBackingCauseSchema>;

export const vaultBackingChainSchema = z.object({
  chainId: z.number().int(),
  name: z.string(),
  vault: z.string().describe("LoopVault's address"),
  payoutChain: z.boolean().describe("True for the chain `loop` withdrawals are paid out on (the default chain)"),
  reserve: loop.nullable().describe("LoopVault.reserve() on chain; null when the chain cannot be read"),
  fees: loop.nullable().describe("LoopVault.fees() on chain: the platform's fees, which the admin may withdraw"),
  liability: loop
    .nullable()
    .describe(
      "The ledger's vault liability: LOOP credited in app for LOOP that entered this vault (deposits; sales to members without a wallet), less the LOOP of `loop` withdrawals paid out of it. Null when the chain or the indexer cannot be read",
    ),
  difference: loop.nullable().describe("reserve − liability: never negative once every event is settled"),
  causes: z.array(vaultBackingCauseSchema).describe("Every known cause of the difference, each with its amount (zero ones included)"),
  unexplained: loop
    .nullable()
    .describe("difference − the causes: events the indexer has not reached yet, or LOOP moved in a way the app does not know"),
  payoutLimit: loop.nullable().describe("LoopVault.payoutLimit(): the most the operator key may pay out per period (one day, UTC)"),
  payoutRemaining: loop.nullable().describe("What the limit leaves in the current period"),
  payoutPeriodEndsAt: z.string().nullable().describe("When the current payout period ends (ISO 8601)"),
  problem: z.string().nullable().describe("Why figures are missing (the chain or the indexer could not be read), else null"),
});
export type VaultBackingChain = z.infer<typeof vaultBackingChainSchema>;

export const vaultBackingSchema = z.object({
  memberLoop: loop.describe(
    "LOOP in members' in-app balances that can be withdrawn with method `loop` (promotional LOOP excluded), held amounts included",
  ),
  issuedInApp: loop.describe(
    "LOOP issued in the app (welcome bonuses, level rewards, airdrops) since the start: backed on chain only by treasury funding",
  ),
  treasuryFunding: loop
    .nullable()
    .describe("LOOP the treasury put into the reserves (fundReserve), all chains; null when a chain cannot be read"),
  reservesTotal: loop.nullable().describe("The reserves of every chain together; null when a chain cannot be read"),
  chains: z.array(vaultBackingChainSchema),
});
export type VaultBacking = z.infer<typeof vaultBackingSchema>;
