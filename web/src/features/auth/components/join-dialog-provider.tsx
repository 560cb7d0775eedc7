import { Loader2 } from "lucide-react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useWalletState } from "@/lib/wallet/wallet-store";
import { useWalletSignIn, type WalletSignInStep } from "../hooks/use-wallet-sign-in";

/** The dialog (Radix Dialog) is fetched when the browser is idle, or on first open: not in the initial JS. */
const loadJoinDialog = () => import("./join-dialog");
const JoinDialog = lazy(() => loadJoinDialog().then((m) => ({ default: m.JoinDialog })));
import { type JoinDialogApi, JoinDialogContext } from "./join-dialog-context";

const STEP_TEXT: Record<Exclude<WalletSignInStep, "idle" | "connecting">, string> = {
  signing: "Sign the message in your wallet to continue…",
  verifying: "Signing you in…",
};

/** Owns the Join dialog and the wallet sign-in flow for the whole app. */
export function JoinDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { signIn, step, pending } = useWalletSignIn();
  const { phase } = useWalletState();
  const statusText = step === "idle" ? null : step === "connecting" ? (phase === "loading" ? "Loading wallets…" : null) : STEP_TEXT[step];

  const openJoin = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const preload = () => void loadJoinDialog().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preload, 1500);
    return () => window.clearTimeout(id);
  }, []);
  const signInWithWallet = useCallback(() => {
    setOpen(false);
    void signIn();
  }, [signIn]);

  const api = useMemo<JoinDialogApi>(
    () => ({ openJoin, signInWithWallet, walletSignInPending: pending }),
    [openJoin, signInWithWallet, pending],
  );

  return (
    <JoinDialogContext.Provider value={api}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <JoinDialog open={open} onOpenChange={setOpen} onWallet={signInWithWallet} />
        </Suspense>
      ) : null}
      {statusText ? (
        <div
          role="status"
          className="glass fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2.5 rounded-full border border-primary/40 px-4 py-2.5 text-sm shadow-2xl shadow-primary/20"
        >
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
          {statusText}
        </div>
      ) : null}
    </JoinDialogContext.Provider>
  );
}
