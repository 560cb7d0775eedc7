import { OFFER_XP_COUNTERPART_HOURS, XP_RULES } from "@loop/rules/levels";
import { BookOpen, X } from "lucide-react";
import { LevelRequirementsTable, XpRulesTable } from "@/components/level-tables";
import { TitledCard } from "@/components/ui/titled-card";

const NO_XP = [
  "Free downloads",
  "Buying your own loop",
  "A second offer on the same loop",
  "Rejecting an offer",
  "Answering an offer that does not end in a paid sale",
] as const;

/** The offer rule of issue 18, as the Level page states it. */
const OFFER_XP_RULE =
  "Offers: answering one (accept, counter) earns XP only when the offer ends in a paid sale, " +
  `and offer actions (making, countering, accepting) earn you XP from the same member at most once every ${OFFER_XP_COUNTERPART_HOURS} hours.`;

/** Example: what a $10 purchase or sale earns. */
const EXAMPLE_PRICE_USD = 10;

/** Experience Guide card: what earns XP, what does not, and the XP each level needs. */
export function ExperienceGuideCard() {
  return (
    <TitledCard
      icon={<BookOpen className="size-5 text-cyan-300" aria-hidden />}
      title="Experience Guide"
      description={
        <>
          Earn XP by buying, selling and negotiating. Prices count in whole dollars: a ${EXAMPLE_PRICE_USD} sale earns{" "}
          {XP_RULES.sale(EXAMPLE_PRICE_USD)} XP.
        </>
      }
      contentClassName="grid gap-6"
    >
      <XpRulesTable />

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
        <p className="mt-2 text-sm text-muted-foreground" data-testid="offer-xp-rule">
          {OFFER_XP_RULE}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">
          Each action counts once, so XP (and the LOOP that levels pay) cannot be farmed. Level rewards are promotional LOOP: spend them on
          loops; they cannot be sent or withdrawn.
        </p>
      </div>

      <div>
        <h3 className="text-sm font-semibold">XP needed for the next level</h3>
        <div className="mt-2">
          <LevelRequirementsTable />
        </div>
      </div>
    </TitledCard>
  );
}
