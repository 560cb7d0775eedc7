import { CopyAddressButton } from "@/components/copy-address-button";
import { Skeleton } from "@/components/ui/skeleton";
import { NOT_DEPLOYED, type TokenAddressState } from "../lib/networks";

/** A LoopToken address with Copy, or 'Not deployed on this network' when the config has none. */
export function ContractAddress({ state, networkName }: { state: TokenAddressState; networkName: string }) {
  if (state.status === "loading") return <Skeleton className="h-8 w-full" />;
  if (!state.address) return <p className="text-sm text-muted-foreground italic">{NOT_DEPLOYED}</p>;
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-lg border border-border bg-surface/60 py-1 pr-1 pl-3">
      <code className="min-w-0 flex-1 truncate font-mono text-xs" title={state.address}>
        {state.address}
      </code>
      <CopyAddressButton address={state.address} label={`Copy ${networkName} contract address`} />
    </div>
  );
}
