import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { getNonce, USER_QUERY_KEY } from "@/lib/auth";
import { fullPageNavigate } from "@/lib/navigation";
import { setFlashToast, toast } from "@/lib/toast";
import {
  connectionFailedToast,
  WALLET_LOGIN_TOASTS,
  WalletModalClosedError,
  WalletSignatureError,
} from "@/lib/wallet/wallet-errors";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useWeb3Login } from "../api/web3-login";

export type WalletSignInStep = "idle" | "connecting" | "signing" | "verifying";

/**
 * Wallet sign-in (spec §4): connect (RainbowKit modal), sign a SIWE message with a fresh nonce,
 * POST /api/auth/web3, refresh the user, then reload to /. Failures toast per spec §8.
 */
export function useWalletSignIn() {
  const queryClient = useQueryClient();
  const { mutateAsync: login } = useWeb3Login();
  const [step, setStep] = useState<WalletSignInStep>("idle");

  const signIn = useCallback(async () => {
    setStep("connecting");
    try {
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
        await login({ address: signed.address, signature: signed.signature, message: signed.message });
      } catch {
        toast(WALLET_LOGIN_TOASTS.authenticationFailed);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      setFlashToast(WALLET_LOGIN_TOASTS.connected);
      fullPageNavigate("/");
    } finally {
      setStep("idle");
    }
  }, [login, queryClient]);

  return { signIn, step, pending: step !== "idle" };
}
