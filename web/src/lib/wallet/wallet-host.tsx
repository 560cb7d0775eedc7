import { useEffect } from "react";
import { hasRememberedConnection, loadWallet, useWalletStack } from "./wallet-store";

/**
 * Mounts the lazily loaded wallet stack beside the app (never around it, so loading it does not
 * remount the page), and starts loading it at once when wagmi remembers a connected wallet.
 */
export function WalletHost() {
  const stack = useWalletStack();

  useEffect(() => {
    if (hasRememberedConnection()) loadWallet().catch(() => undefined);
  }, []);

  if (!stack) return null;
  const { Component, config } = stack;
  return <Component config={config} />;
}
