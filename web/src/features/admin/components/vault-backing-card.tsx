import { formatDateTime, formatWalletLoop } from "@/lib/format";
import type { VaultBacking, VaultBackingChain } from "@loop/rules/schemas/vault-backing";
import { TOKEN_DECIMALS, parseDecimal } from "@loop/rules/units";
import { Scale } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { TitledCard } from "@/components/ui/titled-card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useVaultBacking } from "../api/get-vault-backing";

/** An exact LOOP amount of the API ("-1500.25") in wei; null when malformed. */
function toWei(text: string): bigint | null {
  const negative = text.startsWith("-");
  const wei = parseDecimal(negative ? text.slice(1) : text, TOKEN_DECIMALS);
  return wei === null ? null : negative ? -wei : wei;
}

/** "1500.25" → "1,500.25 LOOP", exact to the wei (a reconciliation shows every wei); `signed` adds "+". */
export function exactLoopText(text: string, { signed = false } = {}): string {
  const wei = toWei(text);
  return `${wei === null ? text : formatWalletLoop(wei, { plus: signed })} LOOP`;
}

function Figure({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-lg border border-border/60 p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{value === null ? "unavailable" : value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function status(chain: VaultBackingChain): { text: string; variant: "success" | "warning" | "destructive" | "outline" } {
  if (chain.difference === null) return { text: "Unavailable", variant: "outline" };
  if ((toWei(chain.difference) ?? 0n) < 0n) return { text: "Short", variant: "destructive" };
  if (chain.unexplained !== null && toWei(chain.unexplained) !== 0n) return { text: "Unexplained difference", variant: "warning" };
  return { text: "Backed", variant: "success" };
}

function ChainBacking({ chain }: { chain: VaultBackingChain }) {
  const state = status(chain);
  const causes = chain.causes.filter((cause) => toWei(cause.amount) !== 0n);
  const unexplained = chain.unexplained !== null && toWei(chain.unexplained) !== 0n ? chain.unexplained : null;
  return (
    <section aria-label={`${chain.name} (chain ${chain.chainId})`} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">
          {chain.name} <span className="text-muted-foreground">· chain {chain.chainId}</span>
        </h3>
        {chain.payoutChain ? <Badge variant="outline">Payouts go out here</Badge> : null}
        <Badge variant={state.variant}>{state.text}</Badge>
      </div>
      {chain.problem ? <p className="text-sm text-amber-200">{chain.problem}</p> : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="On-chain reserve" value={chain.reserve === null ? null : exactLoopText(chain.reserve)} hint="LoopVault.reserve()" />
        <Figure
          label="Ledger vault liability"
          value={chain.liability === null ? null : exactLoopText(chain.liability)}
          hint="Credited in app through this vault, less paid out"
        />
        <Figure
          label="Difference"
          value={chain.difference === null ? null : exactLoopText(chain.difference, { signed: true })}
          hint="Reserve − liability"
        />
        <Figure
          label="Fees (withdrawable)"
          value={chain.fees === null ? null : exactLoopText(chain.fees)}
          hint="LoopVault.fees(): never the reserve"
        />
      </dl>
      {chain.difference !== null ? (
        causes.length > 0 ? (
          <ul aria-label="Causes of the difference" className="grid gap-2 text-sm">
            {causes.map((cause) => (
              <li key={cause.code} className="flex flex-wrap items-baseline justify-between gap-x-4">
                <span className="font-medium">{cause.label}</span>
                <span className="tabular-nums">
                  {exactLoopText(cause.amount, { signed: true })} ({cause.events} {cause.events === 1 ? "event" : "events"})
                </span>
                <span className="w-full text-xs text-muted-foreground">{cause.explanation}</span>
              </li>
            ))}
          </ul>
        ) : unexplained === null ? (
          <p className="text-sm text-muted-foreground">Every chain event is settled and accounted for.</p>
        ) : null
      ) : null}
      {unexplained !== null ? (
        <p role="alert" className="text-sm text-amber-200">
          Unexplained: {exactLoopText(unexplained, { signed: true })}. Events the indexer has not reached yet, or LOOP that moved in a way
          the app does not know: check the indexer and the settlement backlog (GET /api/health) before paying out.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {chain.payoutLimit === null
          ? "Payout limit: not readable (a vault without one, or the chain did not answer)."
          : `Payout limit: ${exactLoopText(chain.payoutLimit)} per day (UTC); ${exactLoopText(chain.payoutRemaining ?? "0")} left until ${formatDateTime(chain.payoutPeriodEndsAt ?? "")}. Only the vault's admin key can change it.`}
      </p>
    </section>
  );
}

function Platform({ data }: { data: VaultBacking }) {
  const members = toWei(data.memberLoop) ?? 0n;
  const reserves = data.reservesTotal === null ? null : toWei(data.reservesTotal);
  const short = reserves !== null && reserves < members ? members - reserves : null;
  return (
    <div className="grid gap-1 text-sm">
      <p>
        Members hold {exactLoopText(data.memberLoop)} in app that can be withdrawn on chain (promotional LOOP cannot be); the reserves hold{" "}
        {data.reservesTotal === null ? "an unknown amount (a chain could not be read)" : exactLoopText(data.reservesTotal)}.
      </p>
      <p className="text-muted-foreground">
        LOOP issued in the app (welcome bonuses, level rewards, airdrops): {exactLoopText(data.issuedInApp)}; backed on chain only by the
        treasury's funding: {data.treasuryFunding === null ? "unknown" : exactLoopText(data.treasuryFunding)}.
      </p>
      {short !== null ? (
        <p role="alert" className="text-amber-200">
          If every member withdrew on chain now, the reserves would be short by {formatWalletLoop(short)} LOOP: the treasury should fund the
          reserve (LoopVault.fundReserve).
        </p>
      ) : null}
    </div>
  );
}

/**
 * Settings: per chain, LoopVault's reserve beside the ledger's vault liability, the difference and
 * each known cause of it (GET /api/admin/vault/backing); then the members' in-app LOOP beside all
 * the reserves.
 */
export function VaultBackingCard() {
  const backing = useVaultBacking();
  const data = backing.data;
  return (
    <TitledCard
      icon={<Scale className="size-5 text-primary" aria-hidden />}
      title="Reserve Backing"
      description={
        <>
          LoopVault's reserve beside what the ledger owes through it, per chain. Once every chain event is settled the reserve is at least
          the liability; each known cause of a difference is listed.
        </>
      }
      contentClassName="grid gap-4"
    >
      {backing.isError ? (
        <LoadError message="The reserve figures could not be loaded." onRetry={() => void backing.refetch()} />
      ) : !data ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          {data.chains.length === 0 ? (
            <p className="text-sm text-muted-foreground">No configured chain has the contracts deployed.</p>
          ) : null}
          {data.chains.map((chain) => (
            <ChainBacking key={chain.chainId} chain={chain} />
          ))}
          <Platform data={data} />
        </>
      )}
    </TitledCard>
  );
}
