import { LogOut, Wallet } from "lucide-react";
import { useState } from "react";
import { shortAddress } from "@/lib/format";
import { toast } from "@/lib/toast";
import { WALLET_LINK_TOASTS } from "@/lib/wallet/wallet-errors";
import { getLoadedWalletControls, useWalletSnapshot } from "@/lib/wallet/wallet-store";
import { CopyAddressButton } from "./copy-address-button";
import { Button } from "./ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "./ui/popover";

/** The connected wallet in the top bar: short address (first 6 + last 4), copy and disconnect. */
export function ConnectedWallet() {
  const snapshot = useWalletSnapshot();
  const [busy, setBusy] = useState(false);

  if (snapshot.status === "connecting" || snapshot.status === "reconnecting") {
    return (
      <span
        className="hidden items-center gap-2 rounded-full border border-border px-3 py-1.5 text-xs text-muted-foreground sm:inline-flex"
        role="status"
      >
        <Wallet className="size-3.5 animate-pulse" aria-hidden />
        {snapshot.status === "connecting" ? "Connecting wallet…" : "Reconnecting wallet…"}
      </span>
    );
  }
  if (snapshot.status !== "connected" || !snapshot.address) return null;
  const address = snapshot.address;

  async function disconnect() {
    const controls = getLoadedWalletControls();
    if (!controls) return;
    setBusy(true);
    try {
      await controls.disconnect();
    } catch {
      toast(WALLET_LINK_TOASTS.disconnectionFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-9 gap-2 rounded-full font-mono"
          aria-label={`Connected wallet ${shortAddress(address)}`}
        >
          <span className="size-2 rounded-full bg-success shadow-[0_0_8px] shadow-success" aria-hidden />
          {shortAddress(address)}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Connected wallet">
        <p className="text-xs font-medium text-muted-foreground">
          Connected{snapshot.connectorName ? ` with ${snapshot.connectorName}` : ""}
        </p>
        <div className="mt-2 flex items-center gap-2 rounded-md border border-border bg-surface px-3 py-2">
          <span className="flex-1 font-mono text-sm" data-testid="connected-wallet-address" title={address}>
            {shortAddress(address)}
          </span>
          <CopyAddressButton address={address} />
        </div>
        <Button variant="secondary" className="mt-3 w-full" onClick={() => void disconnect()} disabled={busy}>
          <LogOut aria-hidden />
          Disconnect
        </Button>
      </PopoverContent>
    </Popover>
  );
}
