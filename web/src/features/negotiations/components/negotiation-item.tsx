import type { Negotiation, NegotiationAction } from "@loop/rules/schemas/negotiations";
import { ArrowLeftRight, CalendarClock, CheckCircle2, Link2, Loader2, RotateCcw, Undo2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PendingButton } from "@/components/ui/pending-button";
import type { NegotiationScope } from "../api/get-negotiations";
import { isExpiredWalletOffer } from "../lib/wallet-negotiation";
import { NegotiationStatusBadge } from "./negotiation-status-badge";

export interface NegotiationItemProps {
  negotiation: Negotiation;
  /** "sent": the viewer is the buyer; "received": the viewer is the seller. */
  scope: NegotiationScope;
  onRespond: (action: NegotiationAction) => void;
  /** The buyer takes back an expired wallet offer's escrow (reclaimOffer from the wallet). */
  onReclaim?: () => void;
  /** The reclaim is on its way. */
  reclaiming?: boolean;
}

export const SETTLING_TEXT = "Being settled on chain…";

/** The answers the viewer may give (docs/product.md#offers; the server enforces the same). */
function actionsFor(scope: NegotiationScope, status: Negotiation["status"]): NegotiationAction[] {
  if (scope === "received") return status === "pending" ? ["accept", "counter", "reject"] : [];
  if (status === "counter") return ["accept", "reject"];
  if (status === "pending") return ["withdraw"];
  return [];
}

const ACTION_BUTTONS: Record<NegotiationAction, { label: string; icon: ReactNode; variant: "default" | "outline" | "destructive" }> = {
  accept: { label: "Accept", icon: <CheckCircle2 aria-hidden />, variant: "default" },
  counter: { label: "Counter", icon: <ArrowLeftRight aria-hidden />, variant: "outline" },
  reject: { label: "Reject", icon: <XCircle aria-hidden />, variant: "destructive" },
  withdraw: { label: "Withdraw", icon: <Undo2 aria-hidden />, variant: "outline" },
};

/**
 * One offer (spec "Negotiations"): loop title, the other side (the seller for a sent offer, the
 * buyer for a received one), status, original price, offer, counter and messages, the expiry while
 * open, and the answers the viewer may give.
 */
export function NegotiationItem({ negotiation, scope, onRespond, onReclaim, reclaiming = false }: NegotiationItemProps) {
  const { loop, status } = negotiation;
  const titleId = `negotiation-${negotiation.id}-title`;
  const open = status === "pending" || status === "counter";
  const counterpart = scope === "sent" ? { role: "Seller", name: loop.user.username } : { role: "Buyer", name: negotiation.buyer.username };
  const byWallet = negotiation.funding === "wallet";
  const settling = negotiation.settling !== null;
  // A wallet offer past its expiry can no longer be answered on chain: its buyer reclaims the escrow.
  const reclaimable = scope === "sent" && isExpiredWalletOffer(negotiation);
  // While the operator carries an answer out on chain, nothing more can be answered.
  const actions = settling || reclaimable ? [] : actionsFor(scope, status);

  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border border-border bg-card/80 p-4 shadow-lg shadow-black/20">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-base font-semibold" title={loop.title}>
            {loop.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {counterpart.role}: <span className="text-foreground/90">{counterpart.name}</span>
            <span aria-hidden> · </span>
            {negotiation.format.toUpperCase()}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {byWallet ? (
            <Badge
              variant="highlight"
              data-testid="negotiation-funding"
              title="Escrowed on chain by the marketplace from the buyer's wallet"
            >
              <Link2 aria-hidden />
              Wallet escrow
            </Badge>
          ) : null}
          <NegotiationStatusBadge status={status} />
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Amount label="Original price" value={`$${loop.price}`} />
        <Amount label="Offer" value={`$${negotiation.offerAmount}`} />
        {negotiation.counterOffer ? <Amount label="Counter offer" value={`$${negotiation.counterOffer}`} /> : null}
        {scope === "sent" && open && !byWallet && negotiation.heldLoop ? (
          <Amount label="Held" value={<LoopAmount value={negotiation.heldLoop} />} />
        ) : null}
      </dl>

      {negotiation.message ? <Quote label={scope === "sent" ? "Your message" : "Message"} text={negotiation.message} /> : null}
      {negotiation.responseMessage ? (
        <Quote label={scope === "sent" ? "Seller's response" : "Your response"} text={negotiation.responseMessage} />
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        {open ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarClock className="size-3.5" aria-hidden />
            Expires {formatDate(negotiation.expiresAt)}
          </p>
        ) : (
          <span />
        )}
        {settling ? (
          <p role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="negotiation-settling">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {SETTLING_TEXT}
          </p>
        ) : reclaimable && onReclaim ? (
          <PendingButton
            size="sm"
            variant="outline"
            pending={reclaiming}
            onClick={onReclaim}
            aria-label={`Reclaim from escrow: offer on ${loop.title}`}
            icon={RotateCcw}
          >
            Reclaim from escrow
          </PendingButton>
        ) : actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => {
              const button = ACTION_BUTTONS[action];
              return (
                <Button
                  key={action}
                  size="sm"
                  variant={button.variant}
                  onClick={() => onRespond(action)}
                  aria-label={`${button.label} offer on ${loop.title}`}
                >
                  {button.icon}
                  {button.label}
                </Button>
              );
            })}
          </div>
        ) : null}
      </div>
    </article>
  );
}

function Amount({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-mono font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Quote({ label, text }: { label: string; text: string }) {
  return (
    <p className="rounded-lg bg-muted/40 px-3 py-2 text-sm break-words whitespace-pre-line">
      <span className="font-semibold">{label}: </span>
      {text}
    </p>
  );
}
