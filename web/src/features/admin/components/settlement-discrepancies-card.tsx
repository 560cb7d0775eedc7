import { SUPPORTED_CHAINS } from "@loop/rules/chains";
import {
  DISCREPANCY_RESOLUTION_MAX,
  type SettlementDiscrepancy,
  resolveDiscrepancySchema,
} from "@loop/rules/schemas/settlement-discrepancies";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatDateTime } from "@/lib/format";
import { useResolveSettlementDiscrepancy } from "../api/resolve-settlement-discrepancy";
import { useSettlementDiscrepancies } from "../api/get-settlement-discrepancies";
import { QueryStates } from "./query-states";
import { type ReasonCheck, ReasonDialog } from "./reason-dialog";

export const NO_DISCREPANCY_TEXT = "No discrepancies: every chain event was recorded.";
export const RESOLVE_FAILED_TEXT = "Failed to resolve the discrepancy.";

const KIND_LABELS: Record<string, string> = {
  offer_settled: "Offer settled",
  paid_out: "Payout",
};

/** The event in words ("offer_settled" → "Offer settled"); an unknown kind as the API names it. */
export function discrepancyKindText(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** A transaction hash as its first 10 and last 8 characters: "0x12345678…90abcdef". */
export function shortTxHash(hash: string): string {
  return hash.length <= 20 ? hash : `${hash.slice(0, 10)}…${hash.slice(-8)}`;
}

function chainText(chainId: number): string {
  const name = SUPPORTED_CHAINS.find((chain) => chain.id === chainId)?.name;
  return name ? `${name} · chain ${chainId}` : `Chain ${chainId}`;
}

/** The note as the API takes it (trimmed, at most DISCREPANCY_RESOLUTION_MAX), or its message. */
function checkResolution(resolution: string): ReasonCheck {
  const parsed = resolveDiscrepancySchema.safeParse({ resolution });
  return parsed.success ? { ok: true, reason: parsed.data.resolution } : { ok: false, message: parsed.error.issues[0]?.message ?? "" };
}

/**
 * Overview: the settlement discrepancies still open (GET /api/admin/settlement-discrepancies), chain
 * events that moved value the app could not record as it should, oldest first; an admin resolves
 * each with a note of what was done.
 */
export function SettlementDiscrepanciesCard() {
  const discrepancies = useSettlementDiscrepancies();
  const [resolving, setResolving] = useState<SettlementDiscrepancy | null>(null);
  const listed = discrepancies.data?.discrepancies ?? [];
  // The dialog closes by itself once its discrepancy has left the list (another admin resolved it).
  const subject = resolving && listed.some((discrepancy) => discrepancy.id === resolving.id) ? resolving : null;

  return (
    <Card aria-labelledby="settlement-discrepancies-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="settlement-discrepancies-title">
            <AlertTriangle className={listed.length > 0 ? "size-5 text-amber-300" : "size-5 text-primary"} aria-hidden />
            Settlement discrepancies
          </CardTitle>
          {listed.length > 0 ? (
            <Badge variant="warning" data-testid="discrepancy-count">
              {formatCount(listed.length)} open
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          Chain events that moved value the app could not record as it should. Check each one on chain and put it right, then resolve it
          with a note of what was done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={discrepancies}
          noun="settlement discrepancies"
          skeletonClassName="h-24 w-full"
          empty={NO_DISCREPANCY_TEXT}
          isEmpty={(data) => data.discrepancies.length === 0}
        >
          {(data) => (
            <ul className="grid gap-3" aria-label="Open settlement discrepancies">
              {data.discrepancies.map((discrepancy) => (
                <DiscrepancyRow key={discrepancy.id} discrepancy={discrepancy} onResolve={() => setResolving(discrepancy)} />
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      <ResolveDiscrepancyDialog discrepancy={subject} onOpenChange={(next) => !next && setResolving(null)} />
    </Card>
  );
}

function DiscrepancyRow({ discrepancy, onResolve }: { discrepancy: SettlementDiscrepancy; onResolve: () => void }) {
  const kind = discrepancyKindText(discrepancy.kind);
  const hash = shortTxHash(discrepancy.txHash);
  return (
    <li
      aria-label={`${kind} in ${hash}`}
      className="flex flex-col gap-3 rounded-lg border border-amber-500/30 bg-amber-500/5 p-4 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {kind}
          <span className="font-normal text-muted-foreground">{chainText(discrepancy.chainId)}</span>
        </p>
        <p className="mt-1">{discrepancy.detail}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Transaction{" "}
          <code className="font-mono" title={discrepancy.txHash}>
            {hash}
          </code>
          , log {discrepancy.logIndex} · {formatDateTime(discrepancy.createdAt)}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onResolve}>
        <CheckCircle2 aria-hidden />
        Resolve
      </Button>
    </li>
  );
}

function ResolveDiscrepancyDialog({
  discrepancy,
  onOpenChange,
}: {
  discrepancy: SettlementDiscrepancy | null;
  onOpenChange: (open: boolean) => void;
}) {
  const resolve = useResolveSettlementDiscrepancy();
  return (
    <ReasonDialog
      subject={discrepancy}
      onOpenChange={onOpenChange}
      title="Resolve Discrepancy"
      description={
        discrepancy
          ? `${discrepancyKindText(discrepancy.kind)} in ${shortTxHash(discrepancy.txHash)} (${chainText(discrepancy.chainId)}). Say what was done about it: the note is kept with the discrepancy and in the audit log.`
          : null
      }
      fieldId="discrepancy-resolution"
      label="What was done"
      maxLength={DISCREPANCY_RESOLUTION_MAX}
      submitLabel="Resolve"
      submitIcon={CheckCircle2}
      submitVariant="default"
      check={checkResolution}
      mutation={resolve}
      variables={(resolved, resolution) => ({ discrepancyId: resolved.id, resolution })}
      succeeded={(resolved) => [
        "Discrepancy Resolved",
        `${discrepancyKindText(resolved.kind)} in ${shortTxHash(resolved.txHash)} is resolved.`,
      ]}
      failedText={RESOLVE_FAILED_TEXT}
    />
  );
}
