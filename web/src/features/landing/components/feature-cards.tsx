import { ArrowRight, Coins, ShoppingBag, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

const FEATURES: { icon: LucideIcon; title: string; text: string; cta: string; accent: string }[] = [
  {
    icon: ShoppingBag,
    title: "Buy loops",
    text: "Preview, buy and download royalty-ready loops and tracks in MP3 or WAV. Pay by PayPal, card, LOOP or your wallet.",
    cta: "Find your sound",
    accent: "from-violet-500/30 to-violet-500/0 text-violet-200",
  },
  {
    icon: Coins,
    title: "Monetize your talent",
    text: "Upload your loops, set your price or give them away, and get paid in LOOP for every sale. Negotiate offers with buyers.",
    cta: "Start selling",
    accent: "from-fuchsia-500/30 to-fuchsia-500/0 text-pink-200",
  },
  {
    icon: Users,
    title: "Build your network",
    text: "Connect with producers, send tokens to collaborators, earn XP and level up from Beginner to Legend.",
    cta: "Meet producers",
    accent: "from-cyan-500/30 to-cyan-500/0 text-cyan-200",
  },
];

export function FeatureCards({ onJoin }: { onJoin: () => void }) {
  return (
    <section className="render-when-visible mx-auto w-full max-w-7xl px-4 py-12 sm:px-6" aria-label="What you can do on LOOP">
      <div className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text, cta, accent }) => (
          <article key={title} className="relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card/70 p-7">
            <div className={`pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b ${accent}`} aria-hidden />
            <span
              className={`relative inline-flex size-12 items-center justify-center rounded-xl border border-white/10 bg-surface ${accent.split(" ").pop()}`}
            >
              <Icon className="size-6" aria-hidden />
            </span>
            <h3 className="relative mt-6 text-xl font-bold">{title}</h3>
            <p className="relative mt-3 flex-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
            <Button
              variant="ghost"
              className="relative mt-6 self-start px-0 text-foreground hover:bg-transparent hover:text-violet-200"
              onClick={onJoin}
            >
              {cta}
              <ArrowRight aria-hidden />
            </Button>
          </article>
        ))}
      </div>
    </section>
  );
}
