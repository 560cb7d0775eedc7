import { formatCount } from "@/lib/format";
import type { SearchUser } from "../api/search";

/** A total for the panel: "10+" above the panel's limit (docs/product.md#search), or when the total is a lower bound (`capped`). */
export function formatTotal(total: number, limit: number, capped = false): string {
  return total > limit || capped ? `${limit}+` : String(total);
}

/**
 * A total on the results page: "1,234", or "1,234+" when the API says it is only a lower bound
 * (a broad word: totalUsersCapped / totalLoopsCapped).
 */
export function formatSearchTotal(total: number, capped = false): string {
  return `${formatCount(total)}${capped ? "+" : ""}`;
}

/** "FREE" or "$12.50" (docs/product.md#loop-card: exact cents). */
export function formatPrice(price: string, isFree: boolean): string {
  if (isFree) return "FREE";
  return `$${price}`;
}

export function fullName(user: Pick<SearchUser, "firstName" | "lastName">): string | null {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name || null;
}

export function initials(username: string): string {
  return (
    username
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 2)
      .toUpperCase() || "?"
  );
}
