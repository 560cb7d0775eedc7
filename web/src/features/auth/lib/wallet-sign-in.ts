/**
 * The wallet sign-in flow (docs/product.md#sign-in), loaded when a member picks a wallet (beside the wallet stack):
 * its error checks, toasts and the POST stay out of the landing page's initial JavaScript.
 */
import { paths } from "@loop/rules/paths";
import { MutationObserver, type QueryClient } from "@tanstack/react-query";
import { getNonce, USER_QUERY_KEY } from "@/lib/auth";
import { fullPageNavigate } from "@/lib/navigation";
import { setFlashToast, toast } from "@/lib/toast";
import { connectionFailedToast, WALLET_LOGIN_TOASTS, WalletModalClosedError, WalletSignatureError } from "@/lib/wallet/wallet-errors";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { web3Login } from "../api/web3-login";

export type WalletSignInStep = "idle" | "connecting" | "signing" | "verifying";

/**
 * Connect (RainbowKit modal), sign a SIWE message with a fresh nonce, POST /api/auth/web3 (as a
 * mutation of `queryClient`, so its cache sees a failure), refresh the user, then reload to /.
 * Failures toast per docs/product.md#sign-in-errors. `setStep` follows the flow; the caller resets it when this ends.
 */
export async function runWalletSignIn(queryClient: QueryClient, setStep: (step: WalletSignInStep) => void): Promise<void> {
  let controls;
  try {
    controls = await loadWallet();
    await controls.connect({ onError: (error, connectorId) => toast(connectionFailedToast(error, connectorId)) });
  } catch (error) {
    if (!(error instanceof WalletModalClosedError)) toast(connectionFailedToast(error));
    return;
  }

  setStep("signing");
  let signed;
  try {
    const nonce = await getNonce();
    signed = await controls.signSiweMessage(nonce);
  } catch (error) {
    toast(error instanceof WalletSignatureError ? WALLET_LOGIN_TOASTS.signatureFailed : WALLET_LOGIN_TOASTS.authenticationFailed);
    return;
  }

  setStep("verifying");
  try {
    await new MutationObserver(queryClient, { mutationFn: web3Login }).mutate({
      address: signed.address,
      signature: signed.signature,
      message: signed.message,
    });
  } catch {
    toast(WALLET_LOGIN_TOASTS.authenticationFailed);
    return;
  }
  await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  setFlashToast(WALLET_LOGIN_TOASTS.connected);
  fullPageNavigate(paths.root());
}
