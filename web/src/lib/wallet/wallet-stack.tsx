/**
 * The wallet stack: wagmi + viem + RainbowKit. Only ever loaded through `import("./wallet-stack")`
 * (see wallet-store.ts), so none of it is in the landing page's initial JavaScript.
 */
import "@rainbow-me/rainbowkit/styles.css";
import type { ClientConfig } from "@loop/rules/chains";
import { darkTheme, RainbowKitProvider, useConnectModal } from "@rainbow-me/rainbowkit";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { memo, useEffect, useRef, useState } from "react";
import { type Config, useAccount, WagmiProvider } from "wagmi";
import type { WalletStackProps } from "./types";
import { createWagmiConfig } from "./wallet-config";
import { type ConnectErrorListener, createControls, type ModalListener } from "./wallet-controls";
import { publishControls, publishSnapshot } from "./wallet-store";

const appInfo = { appName: "LOOP" };

const theme = darkTheme({
  accentColor: "#8b5cf6",
  accentColorForeground: "#ffffff",
  borderRadius: "large",
  overlayBlur: "small",
});

interface ConnectMutationVariables {
  connector?: { id?: string };
}

/** Publishes wagmi's account state and the wallet controls to the light wallet store. */
function WalletBridge({ config, clientConfig, queryClient }: { config: Config; clientConfig: ClientConfig; queryClient: QueryClient }) {
  const account = useAccount();
  const { openConnectModal, connectModalOpen } = useConnectModal();
  const openRef = useRef(openConnectModal);
  const openerListeners = useRef(new Set<() => void>());
  const modalListeners = useRef(new Set<ModalListener>());

  useEffect(() => {
    openRef.current = openConnectModal;
    if (openConnectModal) for (const listener of openerListeners.current) listener();
  }, [openConnectModal]);

  useEffect(() => {
    for (const listener of modalListeners.current) listener(connectModalOpen);
  }, [connectModalOpen]);

  useEffect(() => {
    publishSnapshot({
      status: account.status,
      address: account.address ?? null,
      chainId: account.chainId ?? null,
      connectorName: account.connector?.name ?? null,
    });
  }, [account.status, account.address, account.chainId, account.connector?.name]);

  useEffect(() => {
    const errorListeners = new Set<ConnectErrorListener>();
    // RainbowKit connects through wagmi's `connect` mutation: its failures are observed here.
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (event.mutation.options.mutationKey?.[0] !== "connect") return;
      const variables = event.mutation.state.variables as ConnectMutationVariables | undefined;
      for (const listener of errorListeners) listener(event.action.error, variables?.connector?.id);
    });
    const listeners = modalListeners.current;
    const openers = openerListeners.current;
    publishControls(
      createControls(config, clientConfig, {
        waitForConnectModal: () =>
          openRef.current
            ? Promise.resolve(openRef.current)
            : new Promise((resolve) => {
                const done = () => {
                  clearTimeout(timer);
                  openers.delete(done);
                  resolve(openRef.current);
                };
                const timer = setTimeout(done, 5000);
                openers.add(done);
              }),
        onModalChange(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        onConnectError(listener) {
          errorListeners.add(listener);
          return () => errorListeners.delete(listener);
        },
      }),
    );
    return stopMutations;
  }, [config, clientConfig, queryClient]);

  return null;
}

/** Memoised: re-rendering WagmiProvider is never needed once mounted. */
export const WalletStack = memo(function WalletStack({ config: clientConfig }: WalletStackProps) {
  const [wagmiConfig] = useState(() => createWagmiConfig(clientConfig));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider
          theme={theme}
          modalSize="compact"
          initialChain={
            wagmiConfig.chains.some((chain) => chain.id === clientConfig.defaultChainId) ? clientConfig.defaultChainId : undefined
          }
          appInfo={appInfo}
        >
          <WalletBridge config={wagmiConfig} clientConfig={clientConfig} queryClient={queryClient} />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
});
