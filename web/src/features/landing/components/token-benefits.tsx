import { ArrowLeftRight, Banknote, Crown, Gift, TrendingUp, Zap } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { useFirstPaintDone } from "@/lib/first-paint";
import { useExchangeMarkets } from "@/lib/get-exchange-markets";

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Crown, title: "Premium loops", text: "Spend LOOP on premium loops and full tracks from producers around the world." },
  { icon: Zap, title: "Instant token payments", text: "Sales are paid to your LOOP balance the moment a buyer checks out." },
  { icon: TrendingUp, title: "A real on-chain token", text: "" },
  { icon: Gift, title: "Bonus rewards", text: "500 LOOP when you join, plus rewards every time you level up." },
  { icon: Banknote, title: "Convert tokens to cash", text: "Withdraw to crypto whenever you like, at a fixed 500 LOOP = $1." },
];

/**
 * What the configured chains offer (docs/product.md#buying-loop-with-eth): on-chain liquidity only where an
 * exchange has a LOOP pool (GET /api/exchange), else no such claim.
 */
function useTokenText(): string {
  // Below the first screen: asked for once that screen is painted (as the platform's figures).
  const markets = useExchangeMarkets({ enabled: useFirstPaintDone() });
  const pooled = markets.data?.markets.find((market) => market.pool !== null && market.exchange !== null);
  return pooled
    ? `LOOP is an ERC-20 token with real on-chain liquidity: buy it with ${pooled.nativeSymbol} from your own wallet through the ${pooled.exchange!.name} pool.`
    : "LOOP is an ERC-20 token you can hold in your own wallet, not just store credit.";
}

export function TokenBenefits() {
  const tokenText = useTokenText();
  return (
    <section className="render-when-visible mx-auto w-full max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="benefits-title">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-highlight uppercase">The LOOP token</p>
        <h2 id="benefits-title" className="mt-3 font-display text-3xl font-black tracking-tight sm:text-4xl">
          Your music, your token economy
        </h2>
        <p className="mt-4 text-muted-foreground">
          Every loop you sell earns LOOP. Use it to buy sounds, send it to collaborators, or cash it out.
        </p>
      </div>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="group rounded-xl border border-border bg-card/60 p-5 transition-colors hover:border-primary/50 hover:bg-card"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/15 text-violet-200 transition-transform group-hover:scale-110">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text || tokenText}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm text-muted-foreground">
        <ArrowLeftRight className="size-4 text-highlight" aria-hidden />
        One rate in the app: <strong className="text-foreground">500 LOOP = $1.00</strong>
      </p>
    </section>
  );
}
