import type { CurrentUser } from "@loop/rules/api-types";
import { Link2, Unlink, Wallet } from "lucide-react";
import { useEffect, useState } from "react";
import { CopyAddressButton } from "@/components/copy-address-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { getNonce } from "@/lib/auth";
import { shortAddress } from "@/lib/format";
import { toast } from "@/lib/toast";
import type { SignedSiweMessage } from "@/lib/wallet/types";
import {
  connectionFailedToast,
  LINK_CONNECT_FAILED,
  WALLET_LINK_TOASTS,
  WalletModalClosedError,
  WalletNotConnectedError,
  WalletSignatureError,
} from "@/lib/wallet/wallet-errors";
import { loadWallet, useWalletState } from "@/lib/wallet/wallet-store";
import { useConnectWallet } from "../api/connect-wallet";
import { useDisconnectWallet } from "../api/disconnect-wallet";
import { WalletBalance } from "./wallet-balance";
import { SettingsCard } from "./settings-card";

/** Wallet Connection: link a wallet by signing a SIWE message, or unlink it. */
export function WalletConnectionCard({ user }: { user: CurrentUser }) {
  const { snapshot, phase } = useWalletState();
  const connectWallet = useConnectWallet();
  const disconnectWallet = useDisconnectWallet();
  const [linking, setLinking] = useState(false);

  // This card needs the wallet stack: start loading it with the page.
  useEffect(() => {
    loadWallet().catch(() => undefined);
  }, []);

  const connected = snapshot.status === "connected" && snapshot.address ? snapshot.address : null;

  async function link(connectFirst: boolean) {
    setLinking(true);
    try {
      let controls;
      try {
        controls = await loadWallet();
      } catch {
        toast(WALLET_LINK_TOASTS.connectionFailed);
        return;
      }
      if (connectFirst) {
        try {
          await controls.connect({
            onError: (error, connectorId) => toast(connectionFailedToast(error, connectorId, LINK_CONNECT_FAILED)),
          });
        } catch (error) {
          if (!(error instanceof WalletModalClosedError)) toast(connectionFailedToast(error, undefined, LINK_CONNECT_FAILED));
          return;
        }
      }

      let signed: SignedSiweMessage;
      try {
        const nonce = await getNonce();
        signed = await controls.signSiweMessage(nonce);
      } catch (error) {
        if (error instanceof WalletNotConnectedError) toast(WALLET_LINK_TOASTS.notConnected);
        else if (error instanceof WalletSignatureError) toast(WALLET_LINK_TOASTS.signatureFailed);
        else toast(WALLET_LINK_TOASTS.connectionFailed);
        return;
      }

      try {
        await connectWallet.mutateAsync({ walletAddress: signed.address, signature: signed.signature, message: signed.message });
        toast(WALLET_LINK_TOASTS.connected);
      } catch (error) {
        const status = errorStatus(error);
        toast(
          status === 409 || status === 400 || status === 422
            ? { ...WALLET_LINK_TOASTS.connectionFailed, description: getServerMessage(error, LINK_CONNECT_FAILED) }
            : WALLET_LINK_TOASTS.connectionFailed,
        );
      }
    } finally {
      setLinking(false);
    }
  }

  function unlink() {
    disconnectWallet.mutate(undefined, {
      onSuccess: () => toast(WALLET_LINK_TOASTS.disconnected),
      onError: (error) =>
        toast(
          errorStatus(error) === 409
            ? {
                ...WALLET_LINK_TOASTS.disconnectionFailed,
                description: getServerMessage(error, WALLET_LINK_TOASTS.disconnectionFailed.description),
              }
            : WALLET_LINK_TOASTS.disconnectionFailed,
        ),
    });
  }

  return (
    <SettingsCard
      icon={Wallet}
      title="Wallet Connection"
      description="Link a crypto wallet to sign in with it and to pay or get paid on chain."
    >
      {user.walletAddress ? (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface/60 px-4 py-3">
            <Badge variant="success">Linked</Badge>
            <span className="flex-1 font-mono text-sm" title={user.walletAddress} data-testid="linked-wallet-address">
              {shortAddress(user.walletAddress)}
            </span>
            <CopyAddressButton address={user.walletAddress} />
          </div>
          <div>
            <Button variant="outline" onClick={unlink} disabled={disconnectWallet.isPending}>
              <Unlink aria-hidden />
              {disconnectWallet.isPending ? "Disconnecting…" : "Disconnect Wallet"}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
            No wallet is linked to your account.
            {connected ? (
              <>
                {" "}
                Your browser is connected to <span className="font-mono text-foreground">{shortAddress(connected)}</span>
                {snapshot.connectorName ? ` (${snapshot.connectorName})` : ""}.
              </>
            ) : null}
          </p>
          <div>
            {connected ? (
              <Button onClick={() => void link(false)} disabled={linking}>
                <Link2 aria-hidden />
                {linking ? "Waiting for signature…" : "Link Wallet"}
              </Button>
            ) : (
              <Button onClick={() => void link(true)} disabled={linking || phase === "loading"}>
                <Wallet aria-hidden />
                {linking ? "Connecting…" : "Connect Wallet"}
              </Button>
            )}
          </div>
        </>
      )}
      {connected && snapshot.chainId !== null ? <WalletBalance address={connected} chainId={snapshot.chainId} /> : null}
    </SettingsCard>
  );
}
