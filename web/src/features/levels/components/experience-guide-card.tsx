import { LEVEL_BANDS, XP_MIN_PRICE_CENTS, XP_RULES, xpForNextLevel } from "@loop/rules/levels";
import { formatUsd } from "@loop/rules/units";
import { BookOpen, Check, X } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/format";
import { levelRangeText } from "./level-tiers-card";

/** An XP rule that adds the whole dollars of the price to a base. */
type PricedRule = (priceUsd: number) => number;

interface XpAction {
  action: string;
  who: string;
  rule: PricedRule | number;
}

/** How XP is earned (DESIGN §6), in the words of the page; the numbers come from XP_RULES. */
const XP_ACTIONS: XpAction[] = [
  { action: "Buy a paid loop", who: "Buyer, paying by PayPal, card or LOOP", rule: XP_RULES.purchase },
  { action: "Sell a loop", who: "Seller, paid by PayPal, card or LOOP", rule: XP_RULES.sale },
  { action: "Buy a loop on chain", who: "Buyer, paying from their wallet", rule: XP_RULES.onChainPurchase },
  { action: "Sell a loop on chain", who: "Seller, paid to their wallet", rule: XP_RULES.onChainSale },
  { action: "Make an offer", who: "Buyer", rule: XP_RULES.createOffer },
  { action: "Accept an offer", who: "Seller", rule: XP_RULES.acceptOffer },
  { action: "Counter an offer", who: "Seller", rule: XP_RULES.counterOffer },
  { action: "Reject an offer", who: "Seller", rule: XP_RULES.rejectOffer },
];

const NO_XP = [
  "Free downloads",
  "Buying your own loop",
  "A second offer on the same loop",
  `Purchases of loops priced under $${formatUsd(BigInt(XP_MIN_PRICE_CENTS))}`,
] as const;

/** "5 XP" and "+ 1 XP per $1 of the price": the base (rule at $0) and what each whole dollar adds. */
function xpText(rule: PricedRule | number): { base: string; perDollar: string | null } {
  if (typeof rule === "number") return { base: `${rule} XP`, perDollar: null };
  const base = rule(0);
  return { base: `${base} XP`, perDollar: `+ ${rule(1) - base} XP per $1 of the price` };
}

/** Example: what a $10 purchase or sale earns. */
const EXAMPLE_PRICE_USD = 10;

/** Experience Guide card: what earns XP, what does not, and the XP each level needs. */
export function ExperienceGuideCard() {
  return (
    <Card aria-labelledby="experience-guide-title">
      <CardHeader>
        <CardTitle id="experience-guide-title">
          <BookOpen className="size-5 text-cyan-300" aria-hidden />
          Experience Guide
        </CardTitle>
        <CardDescription>
          Earn XP by buying, selling and negotiating. Prices count in whole dollars: a ${EXAMPLE_PRICE_USD} sale earns{" "}
          {XP_RULES.sale(EXAMPLE_PRICE_USD)} XP.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">How XP is earned</caption>
          <thead className="text-xs tracking-wide text-muted-foreground uppercase">
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">
                Action
              </th>
              <th scope="col" className="py-2 text-right">
                XP
              </th>
            </tr>
          </thead>
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

        <div>
          <h3 className="text-sm font-semibold">No XP for</h3>
          <ul className="mt-2 grid gap-1.5 text-sm text-muted-foreground" aria-label="No XP for">
            {NO_XP.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <X className="size-4 shrink-0 text-rose-300" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">Each action counts once, so XP (and the LOOP that levels pay) cannot be farmed.</p>
        </div>

        <div>
          <h3 className="text-sm font-semibold">XP needed for the next level</h3>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">XP needed per level band</caption>
            <thead className="text-xs tracking-wide text-muted-foreground uppercase">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4">
                  Your level
                </th>
                <th scope="col" className="py-2 text-right">
                  XP to the next level
                </th>
              </tr>
            </thead>
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
        </div>
      </CardContent>
    </Card>
  );
}
