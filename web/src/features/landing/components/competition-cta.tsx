import { Flame } from "lucide-react";
import { Button } from "@/components/ui/button";

export function CompetitionCta({ onJoin }: { onJoin: () => void }) {
  return (
    <section className="render-when-visible mx-auto w-full max-w-7xl px-4 pt-8 pb-24 sm:px-6" aria-labelledby="competition-title">
      <div className="relative overflow-hidden rounded-3xl border border-primary/40 p-10 text-center sm:p-16">
        <div className="bg-brand-gradient absolute inset-0 opacity-20" aria-hidden />
        <div className="soft-glow absolute -top-56 left-1/2 size-136 -translate-x-1/2 text-accent/30" aria-hidden />
        <div className="relative">
          <Flame className="mx-auto size-10 text-pink-300" aria-hidden />
          <h2 id="competition-title" className="mt-4 font-display text-3xl font-black tracking-tight sm:text-5xl">
            Climb the leaderboard
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
            Upload loops, make sales, earn XP and LOOP rewards at every level. Start with 500 LOOP on us.
          </p>
          <Button size="lg" className="mt-8" onClick={onJoin}>
            Join the Competition
          </Button>
        </div>
      </div>
    </section>
  );
}
