import { ArrowDown, Headphones } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** 'Start Browsing': brings the catalog into view (the visitor's and the member's hero alike). */
export function StartBrowsingButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="lg" onClick={onClick}>
      <ArrowDown aria-hidden />
      Start Browsing
    </Button>
  );
}

/**
 * The visitor's hero of Home: the catalog pitch. Its own small module because /home's loading state
 * shows it too (app/routes/home-loading.tsx): a phone paints the page's headline as soon as the
 * app's first script has run, not after the catalog's code has arrived.
 */
export function VisitorHomeHero({ onStartBrowsing, actions }: { onStartBrowsing: () => void; actions?: ReactNode }) {
  return (
    <header className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-primary/20 via-card to-accent/10 p-8 sm:p-10">
      <div className="soft-glow absolute -top-52 -right-52 size-128 text-accent/20" aria-hidden />
      <div className="relative max-w-2xl">
        <p className="flex items-center gap-2 text-sm font-medium text-violet-200">
          <Headphones className="size-4" aria-hidden />
          The LOOP marketplace
        </p>
        <h1 className="mt-2 font-display text-4xl font-black tracking-tight sm:text-5xl">Find your next loop</h1>
        <p className="mt-3 text-muted-foreground">
          Preview loops and tracks from independent producers. Free loops download after a quick sign-in.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <StartBrowsingButton onClick={onStartBrowsing} />
          {actions}
        </div>
      </div>
    </header>
  );
}
