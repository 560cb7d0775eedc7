import { paths } from "@loop/rules/paths";
import { ArrowLeft, Coins } from "lucide-react";
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
      <div className="absolute -top-24 -right-16 size-72 rounded-full bg-accent/20 blur-3xl" aria-hidden />
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
        <dl className="mt-8 grid max-w-2xl grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-4">
          {HERO_STATS.map((stat) => (
            <div key={stat.label} className="border-l-2 border-primary/50 pl-3">
              <dt className="text-xs tracking-wide text-muted-foreground uppercase">{stat.label}</dt>
              <dd className="mt-1 font-display text-2xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
