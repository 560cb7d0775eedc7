import type { CurrentUser } from "@loop/rules/api-types";
import { Handshake, Inbox, LogIn, Send } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { PageSpinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { type NegotiationScope, useNegotiations } from "../api/get-negotiations";
import { NegotiationItem } from "./negotiation-item";
import { RespondDialog, type ResponseTarget } from "./respond-dialog";

const TABS = [
  { id: "sent", label: "Sent Offers" },
  { id: "received", label: "Received Offers" },
] as const satisfies readonly { id: NegotiationScope; label: string }[];

const EMPTY: Record<NegotiationScope, { title: string; text: string }> = {
  sent: { title: "No sent offers yet", text: "Browse loops and make offers to start negotiating" },
  received: { title: "No received offers yet", text: "Upload loops to start receiving offers from buyers" },
};

export interface NegotiationsPageProps {
  user: CurrentUser | null;
  isLoading: boolean;
  /** Opens the Join dialog. */
  onSignIn: () => void;
}

/** /negotiations (spec "Negotiations"): the viewer's sent and received offers; signed out, a sign-in prompt. */
export function NegotiationsPage({ user, isLoading, onSignIn }: NegotiationsPageProps) {
  if (isLoading) return <PageSpinner label="Loading your negotiations" />;
  if (!user) return <SignInRequired onSignIn={onSignIn} />;
  return <SignedInNegotiationsPage />;
}

function SignInRequired({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24">
      <Card className="w-full p-10 text-center">
        <Handshake className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Sign In Required</h1>
        <p className="mt-2 text-sm text-muted-foreground">Please sign in to view your negotiations</p>
        <Button size="lg" className="mt-6" onClick={onSignIn}>
          <LogIn aria-hidden />
          Sign in
        </Button>
      </Card>
    </div>
  );
}

function SignedInNegotiationsPage() {
  const [tab, setTab] = useState<NegotiationScope>("sent");
  const tabRefs = useRef<Record<NegotiationScope, HTMLButtonElement | null>>({ sent: null, received: null });

  // WAI-ARIA tabs: arrow keys, Home and End move between them.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.findIndex((candidate) => candidate.id === tab);
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? TABS.length - 1 : (index + (event.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    const id = TABS[next]!.id;
    setTab(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-black tracking-tight">Negotiations</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">Offers you made on other creators&apos; loops, and offers buyers made on yours.</p>
      </header>

      <div role="tablist" aria-label="Negotiations" className="inline-flex rounded-xl border border-border bg-surface p-1">
        {TABS.map((candidate) => {
          const selected = tab === candidate.id;
          return (
            <button
              key={candidate.id}
              ref={(node) => {
                tabRefs.current[candidate.id] = node;
              }}
              id={`negotiations-tab-${candidate.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`negotiations-panel-${candidate.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(candidate.id)}
              onKeyDown={onTabKeyDown}
              className={cn(
                "cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                selected ? "bg-primary/20 text-foreground" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {candidate.label}
            </button>
          );
        })}
      </div>
      <div id={`negotiations-panel-${tab}`} role="tabpanel" aria-labelledby={`negotiations-tab-${tab}`} tabIndex={0} className="mt-6 outline-none">
        {/* Keyed by tab: each list keeps its own dialog state. */}
        <NegotiationList key={tab} scope={tab} />
      </div>
    </div>
  );
}

function NegotiationList({ scope }: { scope: NegotiationScope }) {
  const list = useNegotiations(scope);
  const [target, setTarget] = useState<ResponseTarget | null>(null);

  if (list.isPending) {
    return (
      <div className="grid gap-3" aria-label="Loading offers" aria-busy>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-32 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (list.isError) return <LoadError message="Your offers could not be loaded." onRetry={() => void list.refetch()} />;

  if (list.data.length === 0) {
    const empty = EMPTY[scope];
    const Icon = scope === "sent" ? Send : Inbox;
    return (
      <Card className="p-10 text-center">
        <Icon className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">{empty.title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{empty.text}</p>
      </Card>
    );
  }

  return (
    <>
      <div className="grid gap-3">
        {list.data.map((negotiation) => (
          <NegotiationItem key={negotiation.id} negotiation={negotiation} scope={scope} onRespond={(action) => setTarget({ negotiation, action })} />
        ))}
      </div>
      <RespondDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
