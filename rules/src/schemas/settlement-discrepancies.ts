/**
 * Settlement discrepancies (issue 35): chain events that moved value the app could not record as it
 * should (an accepted wallet offer with no sale made of it, a payout for a withdrawal given back in
 * the app). Every admin is told when one is settled; the admin overview lists the open ones
 * (GET /api/admin/settlement-discrepancies) until an admin resolves each with a note of what was
 * done (POST /api/admin/settlement-discrepancies/:id/resolve).
 */
import { z } from "zod";

export const SETTLEMENT_DISCREPANCY_MESSAGES = {
  notFound: "Discrepancy Not Found: no settlement discrepancy has this ID",
  resolved: "Discrepancy Already Resolved: another admin resolved it first",
} as const;

/** Longest resolution note. */
export const DISCREPANCY_RESOLUTION_MAX = 1000;

export const settlementDiscrepancySchema = z.object({
  id: z.string(),
  chainId: z.number().int(),
  txHash: z.string().describe("The transaction that emitted the event"),
  logIndex: z.number().int(),
  kind: z.string().describe("The event: offer_settled, paid_out…"),
  detail: z.string().describe("What the app could not do, and what to look at"),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable().describe("The resolving admin's username"),
  resolution: z.string().nullable(),
});
export type SettlementDiscrepancy = z.infer<typeof settlementDiscrepancySchema>;

export const settlementDiscrepancyListSchema = z.object({
  /** Open ones, oldest first (the first to look at). */
  discrepancies: z.array(settlementDiscrepancySchema),
});
export type SettlementDiscrepancyList = z.infer<typeof settlementDiscrepancyListSchema>;

export const resolveDiscrepancySchema = z.object({
  resolution: z
    .string()
    .trim()
    .min(1, "Resolution Required: say what was done about it")
    .max(DISCREPANCY_RESOLUTION_MAX, `Resolution Too Long: at most ${DISCREPANCY_RESOLUTION_MAX} characters`),
});
export type ResolveDiscrepancyRequest = z.infer<typeof resolveDiscrepancySchema>;
