import { paths } from "@loop/rules/paths";
import { ArrowLeft, Coins } from "lucide-react";
import { HeroFigures } from "@/components/hero-figures";
import { LinkButton } from "@/components/ui/link-button";

/** Marketing figures from the spec docs/product.md#token-page: static claims, not live data. */
const HERO_STATS = [
  { value: "1M+", label: "Total tokens" },
  { value: "50K+", label: "Active users" },
  { value: "100K+", label: "Transactions" },
  { value: "24/7", label: "Trading" },
] as const;

/** The top of /tokens: back to home, the title and the static stats. */
export function TokensHero() {
  return (
    <header className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-primary/20 via-card to-accent/10 p-8 sm:p-10">
      <div className="soft-glow absolute -top-56 -right-48 size-136 text-accent/20" aria-hidden />
      <div className="relative">
        <LinkButton to={paths.home()} icon={ArrowLeft} variant="ghost" size="sm" className="-ml-2">
          Back to Home
        </LinkButton>
        <p className="mt-4 flex items-center gap-2 text-sm font-medium text-violet-200">
          <Coins className="size-4" aria-hidden />
          The LOOP token
        </p>
        <h1 className="mt-2 font-display text-4xl font-black tracking-tight sm:text-5xl">
          LOOP <span className="text-gradient">Tokens</span>
        </h1>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          The currency of the marketplace: buy loops, get paid for your music, send tokens to other producers and cash out to crypto.
        </p>
        <HeroFigures figures={HERO_STATS} className="mt-8 max-w-2xl" />
      </div>
    </header>
  );
}
