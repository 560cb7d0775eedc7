/**
 * The XP rules and the XP each level needs (docs/product.md#level-requirements), as tables: shown on the level page's
 * Experience Guide and on the admin dashboard's Level Rewards tab. The numbers come from the rules.
 */
import { LEVEL_BANDS, XP_RULES, xpForNextLevel } from "@loop/rules/levels";
import { Check } from "lucide-react";
import { formatCount } from "@/lib/format";
import { TableHead } from "@/components/ui/table";

/** Levels `from`..`to` (to = Infinity when open-ended): "Level 5", "Levels 1–10", "Level 31+". */
export function levelRangeText(from: number, to: number): string {
  if (!Number.isFinite(to)) return `Level ${from}+`;
  return from === to ? `Level ${from}` : `Levels ${from}–${to}`;
}

/** An XP rule that adds the whole dollars of the price to a base. */
type PricedRule = (priceUsd: number) => number;

interface XpAction {
  action: string;
  who: string;
  rule: PricedRule | number;
}

/** How XP is earned, in the words of the pages; the numbers come from XP_RULES. */
export const XP_ACTIONS: readonly XpAction[] = [
  { action: "Buy a paid loop", who: "Buyer, paying by PayPal, card or LOOP", rule: XP_RULES.purchase },
  { action: "Sell a loop", who: "Seller, paid by PayPal, card or LOOP", rule: XP_RULES.sale },
  { action: "Buy a loop on chain", who: "Buyer, paying from their wallet", rule: XP_RULES.onChainPurchase },
  { action: "Sell a loop on chain", who: "Seller, paid to their wallet", rule: XP_RULES.onChainSale },
  { action: "Make an offer", who: "Buyer, once a day per seller", rule: XP_RULES.createOffer },
  // Issue 18: answers earn XP only for an offer that ends in a paid sale (a reject never).
  { action: "Accept an offer", who: "Seller, when it ends in a sale", rule: XP_RULES.acceptOffer },
  { action: "Counter an offer", who: "Seller, when the buyer accepts it", rule: XP_RULES.counterOffer },
];

/** "5 XP" and "+ 1 XP per $1 of the price": the base (rule at $0) and what each whole dollar adds. */
function xpText(rule: PricedRule | number): { base: string; perDollar: string | null } {
  if (typeof rule === "number") return { base: `${rule} XP`, perDollar: null };
  const base = rule(0);
  return { base: `${base} XP`, perDollar: `+ ${rule(1) - base} XP per $1 of the price` };
}

/** The table of XP_ACTIONS (caption "How XP is earned"). */
export function XpRulesTable() {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">How XP is earned</caption>
      <TableHead
        columns={[
          { label: "Action", className: "py-2 pr-4" },
          { label: "XP", className: "py-2 text-right" },
        ]}
      />
      <tbody>
        {XP_ACTIONS.map(({ action, who, rule }) => {
          const xp = xpText(rule);
          return (
            <tr key={action} className="border-b border-border/60 last:border-0">
              <th scope="row" className="py-2.5 pr-4 font-medium">
                <span className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-emerald-300" aria-hidden />
                  {action}
                </span>
                <span className="block pl-6 text-xs font-normal text-muted-foreground">{who}</span>
              </th>
              <td className="py-2.5 text-right tabular-nums">
                <span className="block font-semibold">{xp.base}</span>
                {xp.perDollar ? <span className="block text-xs text-muted-foreground">{xp.perDollar}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** XP to the next level per level band (caption "XP needed per level band"). */
export function LevelRequirementsTable({ levelHeading = "Your level" }: { levelHeading?: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">XP needed per level band</caption>
      <TableHead
        columns={[
          { label: levelHeading, className: "py-2 pr-4" },
          { label: "XP to the next level", className: "py-2 text-right" },
        ]}
      />
      <tbody>
        {LEVEL_BANDS.map((band) => (
          <tr key={band.from} className="border-b border-border/60 last:border-0" data-testid={`xp-band-${band.from}`}>
            <th scope="row" className="py-2.5 pr-4 font-medium">
              {levelRangeText(band.from, band.to)}
            </th>
            <td className="py-2.5 text-right tabular-nums">
              <span className="font-semibold">{band.xpPerLevel} × level</span>
              <span className="block text-xs text-muted-foreground">
                level {band.from} → {band.from + 1}: {formatCount(xpForNextLevel(band.from))} XP
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
