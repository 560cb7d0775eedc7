/**
 * What the wallet tab does with the wallet itself, through the lazily loaded stack: connect (the
 * wallet modal), disconnect, and list LOOP in it. Each says what went wrong in a toast; closing the
 * modal or refusing in the wallet is not a failure.
 */
import { TOKEN_DECIMALS } from "@loop/rules/units";
import { toast } from "@/lib/toast";
import type { HexAddress } from "@/lib/wallet/types";
import { connectionFailedToast, isUserRejection, WALLET_LINK_TOASTS, WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { walletPurchaseFailureText } from "./wallet-purchase";

export async function connectWallet(): Promise<void> {
  try {
    const wallet = await loadWallet();
    await wallet.connect({
      onError: (error, connectorId) => {
        if (!isUserRejection(error)) toast(connectionFailedToast(error, connectorId));
      },
    });
  } catch (error) {
    if (!(error instanceof WalletModalClosedError) && !isUserRejection(error)) toast(connectionFailedToast(error));
  }
}

export async function disconnectWallet(): Promise<void> {
  try {
    await (await loadWallet()).disconnect();
  } catch {
    toast(WALLET_LINK_TOASTS.disconnectionFailed);
  }
}

/** "Add LOOP to wallet": asks the wallet to list the chain's LoopToken. */
export async function addLoopToWallet(token: HexAddress): Promise<void> {
  try {
    const added = await (await loadWallet()).watchAsset({ address: token, symbol: "LOOP", decimals: TOKEN_DECIMALS });
    if (added) toast({ title: "LOOP Added", description: "Your wallet now lists LOOP.", variant: "success" });
  } catch (error) {
    if (!isUserRejection(error))
      toast({ title: "Could Not Add LOOP", description: walletPurchaseFailureText(error), variant: "destructive" });
  }
}
