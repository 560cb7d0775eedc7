import type { CurrentUser } from "@loop/rules/api-types";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Handshake, Inbox, Send } from "lucide-react";
import { useState } from "react";
import { SkeletonList } from "@/components/skeleton-list";
import { MembersOnly, type MembersOnlyPageProps } from "@/components/members-only-page";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { TabList, TabPanel } from "@/components/ui/tab-list";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { toast, type ToastInput } from "@/lib/toast";
import { WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadOfferChain, walletOfferFailureText } from "@/lib/wallet/wallet-offers";
import { isWalletDismissal } from "@/lib/wallet/wallet-transaction";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { type NegotiationScope, useNegotiations } from "../api/get-negotiations";
import { reclaimFromWallet } from "../lib/wallet-negotiation";
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

export const RECLAIM_TOASTS = {
  done: (title: string): ToastInput => ({
    title: "Escrow Reclaimed",
    description: `The LOOP escrowed for your offer on ${title} is back in your wallet.`,
    variant: "success",
  }),
  failed: (description: string): ToastInput => ({ title: "Reclaim Failed", description, variant: "destructive" }),
} as const;

export type NegotiationsPageProps = MembersOnlyPageProps;

/** /negotiations (spec "Negotiations"): the viewer's sent and received offers; signed out, a sign-in prompt. */
export function NegotiationsPage(props: NegotiationsPageProps) {
  return (
    <MembersOnly {...props} loadingLabel="Loading your negotiations" icon={Handshake} signInText="Please sign in to view your negotiations">
      {(user) => <SignedInNegotiationsPage user={user} />}
    </MembersOnly>
  );
}

function SignedInNegotiationsPage({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<NegotiationScope>("sent");

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-black tracking-tight">Negotiations</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Offers you made on other creators&apos; loops, and offers buyers made on yours.
        </p>
      </header>

      <TabList tabs={TABS} value={tab} onChange={setTab} idPrefix="negotiations" label="Negotiations" />
      <TabPanel idPrefix="negotiations" value={tab}>
        {/* Keyed by tab: each list keeps its own dialog state. */}
        <NegotiationList key={tab} scope={tab} user={user} />
      </TabPanel>
    </div>
  );
}

function NegotiationList({ scope, user }: { scope: NegotiationScope; user: CurrentUser }) {
  const list = useNegotiations(scope);
  const [target, setTarget] = useState<ResponseTarget | null>(null);
  const queryClient = useQueryClient();
  // The buyer takes an expired wallet offer's escrow back from the marketplace (no API call: the
  // indexed OfferReclaimed event closes it).
  const reclaim = useMutation({
    mutationFn: async (negotiation: Negotiation) => {
      const chain = await loadOfferChain();
      return reclaimFromWallet(await loadWallet(), { negotiation, linked: user.walletAddress, chain });
    },
    onSuccess: (_hash, negotiation) => toast(RECLAIM_TOASTS.done(negotiation.loop.title)),
    onError: (error) => {
      if (!isWalletDismissal(error)) toast(RECLAIM_TOASTS.failed(walletOfferFailureText(error)));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NEGOTIATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
      ]),
  });

  if (list.isPending) {
    return (
      <SkeletonList role="status" className="grid gap-3" aria-label="Loading offers" aria-busy itemClassName="h-32 w-full rounded-xl" />
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
          <NegotiationItem
            key={negotiation.id}
            negotiation={negotiation}
            scope={scope}
            onRespond={(action) => setTarget({ negotiation, action })}
            onReclaim={() => reclaim.mutate(negotiation)}
            reclaiming={reclaim.isPending && reclaim.variables.id === negotiation.id}
          />
        ))}
      </div>
      <RespondDialog target={target} linkedWallet={user.walletAddress} onClose={() => setTarget(null)} />
    </>
  );
}
