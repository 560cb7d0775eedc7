import { UPLOAD_REWARD_LOOP, UPLOAD_REWARD_RULE } from "@loop/rules/upload-reward";
import { ArrowRight, Gift, Sparkles } from "lucide-react";
import { paths } from "@loop/rules/paths";
import { Link } from "react-router";
import { HeroFigures } from "@/components/hero-figures";
import { Button } from "@/components/ui/button";
import { useMediaQuery } from "@/lib/use-media-query";

/**
 * Marketing claims from the product spec docs/product.md#overview: hero copy, not live figures. "Tokens per upload" is
 * the upload reward (issue 22), exactly UPLOAD_REWARD_LOOP (the spec's "500+" said more than is
 * paid), with its rule in the footnote.
 */
const CLAIMS = [
  { value: "1M+", label: "Tokens earned" },
  { value: "50K+", label: "Loops" },
  { value: "25K+", label: "Creators" },
  { value: `${UPLOAD_REWARD_LOOP}*`, label: "Tokens per upload" },
] as const;

/** Where the hero's player card shows (`lg`, its grid's second column). */
const WIDE_SCREEN = "(min-width: 1024px)";

const BARS = [38, 62, 84, 52, 96, 70, 44, 88, 64, 30, 76, 58, 92, 48, 68, 36, 80, 56, 42, 72, 90, 50, 66, 34];

export function Hero({ onJoin }: { onJoin: () => void }) {
  // The decorative player card only where it shows: a phone does not build, style and animate a
  // hidden copy of its 24 bars in the landing page's first render (Lighthouse's Total Blocking Time).
  const wide = useMediaQuery(WIDE_SCREEN, true);
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:pt-24 lg:pb-28">
        {/* Rises without fading in: text at opacity 0 is not painted, and the hero's copy is the page's largest paint. */}
        <div className="animate-rise">
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/40 bg-primary/10 px-3 py-1.5 text-sm font-medium text-violet-200">
            <Gift className="size-4 shrink-0" aria-hidden />
            <span>
              Sign up today and get a <strong className="font-bold text-white">500 LOOP</strong> welcome bonus
            </span>
          </p>
          <h1 id="hero-title" className="mt-6 font-display text-5xl leading-[1.05] font-black tracking-tight sm:text-6xl lg:text-7xl">
            Make loops.
            <br />
            <span className="text-gradient">Earn LOOP.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
            The marketplace where producers buy and sell music loops and tracks, get paid instantly in LOOP tokens, and climb the creators
            leaderboard.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={onJoin}>
              <Sparkles aria-hidden />
              Claim your 500 LOOP
            </Button>
            <Button size="lg" variant="outline" onClick={onJoin}>
              Start selling loops
              <ArrowRight aria-hidden />
            </Button>
            {/* The catalog, open to visitors (docs/product.md#visitors). */}
            <Button asChild size="lg" variant="ghost">
              <Link to={paths.home()}>Browse loops</Link>
            </Button>
          </div>
          <HeroFigures figures={CLAIMS} className="mt-12 max-w-xl" />
          <p className="mt-3 max-w-xl text-xs text-muted-foreground" data-testid="upload-reward-rule">
            * Upload reward: {UPLOAD_REWARD_RULE}
          </p>
        </div>

        {wide ? <HeroPlayerCard /> : null}
      </div>
    </section>
  );
}

/** The hero's decorative player card: equaliser bars and tags (aria-hidden; desktop only). */
function HeroPlayerCard() {
  return (
    <div className="relative hidden lg:block" aria-hidden>
      <div className="soft-glow absolute -inset-42 text-primary/20" />
      <div className="animate-float relative rounded-2xl border border-border bg-card/90 p-6 shadow-2xl shadow-primary/20">
        <div className="flex items-center gap-3">
          <span className="bg-brand-gradient inline-flex size-12 items-center justify-center rounded-xl">
            <svg viewBox="0 0 24 24" className="size-6 fill-white">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <div className="flex-1">
            <p className="font-semibold">Your next loop</p>
            <p className="text-sm text-muted-foreground">Sold on LOOP</p>
          </div>
          <span className="rounded-full border border-success/40 bg-success/10 px-3 py-1 text-xs font-bold text-emerald-200">+ LOOP</span>
        </div>
        <div className="mt-8 flex h-32 items-end gap-1.5">
          {BARS.map((height, index) => (
            <span
              key={index}
              className="animate-equalizer flex-1 origin-bottom rounded-full bg-gradient-to-t from-violet-500 via-fuchsia-500 to-cyan-300"
              style={{ height: `${height}%`, animationDelay: `${(index % 8) * 120}ms` }}
            />
          ))}
        </div>
        <div className="mt-6 grid grid-cols-3 gap-3">
          {["BPM", "KEY", "WAV"].map((tag) => (
            <span
              key={tag}
              className="rounded-lg border border-border bg-surface px-3 py-2 text-center text-xs font-semibold tracking-widest text-muted-foreground"
            >
              {tag}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
