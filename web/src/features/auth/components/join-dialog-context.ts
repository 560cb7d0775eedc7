import { createContext, useContext } from "react";

export interface JoinDialogApi {
  /** Opens the Join dialog (every landing call-to-action and 'Sign Up / Login'). */
  openJoin: () => void;
  /** Starts wallet sign-in directly (connect, sign, verify). */
  signInWithWallet: () => void;
  walletSignInPending: boolean;
}

export const JoinDialogContext = createContext<JoinDialogApi | null>(null);

export function useJoinDialog(): JoinDialogApi {
  const api = useContext(JoinDialogContext);
  if (!api) throw new Error("useJoinDialog must be used inside <JoinDialogProvider>");
  return api;
}
