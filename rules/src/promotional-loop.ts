/** Zod-free: the balance banner shows it on pages that load no schema (schemas/tokens.ts names it too). */

/**
 * Promotional LOOP (issue 18): the welcome bonus, level rewards and upload rewards (issue 22). It pays for loops (purchases,
 * offers; spending takes it first) but is never sent to another member nor withdrawn; a sale paid
 * with it credits the seller promotional LOOP too.
 */
export const PROMOTIONAL_LOOP_TEXT =
  "Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn";

/** A transfer or withdrawal above the withdrawable LOOP of a member who has promotional LOOP: why, and how much can go. */
export const promotionalRefusalMessage = (action: "send" | "withdraw", upTo: string) =>
  `${PROMOTIONAL_LOOP_TEXT}: you can ${action} up to ${upTo} LOOP`;
