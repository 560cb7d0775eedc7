import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "@/lib/toast";
import type { WalletSignInStep } from "../lib/wallet-sign-in";

export type { WalletSignInStep };

/**
 * Wallet sign-in (docs/product.md#sign-in): connect (RainbowKit modal), sign a SIWE message with a fresh nonce,
 * POST /api/auth/web3, refresh the user, then reload to /. Failures toast per docs/product.md#sign-in-errors. The flow
 * (lib/wallet-sign-in.ts) loads on first use, while the wallet stack loads.
 */
export function useWalletSignIn() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WalletSignInStep>("idle");

  const signIn = useCallback(async () => {
    setStep("connecting");
    try {
      let flow;
      try {
        flow = await import("../lib/wallet-sign-in");
      } catch {
        // The app's code could not be fetched (offline, or a new deployment): as a failed connection.
        toast({ title: "Connection Failed", description: "Failed to connect wallet. Please try again.", variant: "destructive" });
        return;
      }
      await flow.runWalletSignIn(queryClient, setStep);
    } finally {
      setStep("idle");
    }
  }, [queryClient]);

  return { signIn, step, pending: step !== "idle" };
}
