/**
 * The wallet stack: wagmi + viem + RainbowKit. Only ever loaded through `import("./wallet-stack")`
 * (see wallet-store.ts), so none of it is in the landing page's initial JavaScript.
 */
import "@rainbow-me/rainbowkit/styles.css";
import { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi } from "@loop/contracts/abis";
import type { ClientConfig } from "@loop/rules/chains";
import { connectorsForWallets, darkTheme, RainbowKitProvider, useConnectModal, type WalletList } from "@rainbow-me/rainbowkit";
import { injectedWallet, rabbyWallet, walletConnectWallet } from "@rainbow-me/rainbowkit/wallets";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { memo, useEffect, useRef, useState } from "react";
import { type Abi, type Chain, defineChain, getAddress, isAddress, parseEventLogs, type Transport } from "viem";
import { arbitrum, bsc, bscTestnet, hardhat, mainnet, polygon, sepolia } from "viem/chains";
import { createSiweMessage } from "viem/siwe";
import { type Config, createConfig, http, useAccount, WagmiProvider } from "wagmi";
import {
  disconnect,
  getAccount,
  type GetAccountReturnType,
  readContract,
  signMessage,
  simulateContract,
  switchChain,
  waitForTransactionReceipt,
  watchAccount,
  watchAsset,
  writeContract,
} from "wagmi/actions";
import type {
  ConnectedAccount,
  ConnectOptions,
  TokenAllowanceRequest,
  TokenBalanceRequest,
  TransactionReceipt,
  TransactionRequest,
  WalletContract,
  WalletContractAbis,
  WalletContractName,
  WalletControls,
  WalletEvent,
  WalletStackProps,
  WatchAssetRequest,
} from "./types";
import { WalletModalClosedError, WalletNotConnectedError, WalletSignatureError, WalletUnavailableError } from "./wallet-errors";
import { publishControls, publishSnapshot } from "./wallet-store";

/** Chains the app knows (rules/chains SUPPORTED_CHAINS), as viem definitions. */
const KNOWN_CHAINS: Record<number, Chain> = {
  31337: hardhat,
  56: bsc,
  1: mainnet,
  137: polygon,
  42161: arbitrum,
  11155111: sepolia,
  97: bscTestnet,
};

/** The ABIs of the contracts transactions go to (@loop/contracts: never hand-copied). */
const CONTRACT_ABIS: WalletContractAbis = { token: loopTokenAbi, vault: loopVaultAbi, marketplace: loopMarketplaceAbi };

/** Addresses in a contract call's arguments (also inside tuples), EIP-55 checksummed as viem wants them. */
function checksummed(value: unknown): unknown {
  if (typeof value === "string") return value.length === 42 && isAddress(value, { strict: false }) ? getAddress(value) : value;
  if (Array.isArray(value)) return value.map(checksummed);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, checksummed(entry)]));
  return value;
}

/** SIWE message fields (EIP-4361) shared by sign-in and wallet linking. */
export const SIWE_STATEMENT = "Sign in to LOOP.";
export const SIWE_TTL_MS = 10 * 60 * 1000;

/**
 * Chains offered to wallets: only those the API configured with an RPC URL, each using that URL
 * (never viem's default public RPCs). The default chain goes first.
 */
export function walletChains(config: ClientConfig): { chains: [Chain, ...Chain[]]; transports: Record<number, Transport> } {
  const chains: Chain[] = [];
  const transports: Record<number, Transport> = {};
  for (const entry of config.chains) {
    const known = KNOWN_CHAINS[entry.id];
    if (!known || !entry.rpcUrl) continue;
    chains.push(
      defineChain({
        ...known,
        name: entry.name || known.name,
        rpcUrls: { default: { http: [entry.rpcUrl] } },
      }),
    );
    transports[entry.id] = http(entry.rpcUrl, { timeout: 10_000, retryCount: 3, retryDelay: 150 });
  }
  chains.sort((a, b) => Number(b.id === config.defaultChainId) - Number(a.id === config.defaultChainId));
  const [first, ...rest] = chains;
  if (!first) throw new WalletUnavailableError("No chain is configured for wallets.");
  return { chains: [first, ...rest], transports };
}

/**
 * Browser wallets only (injected providers, plus every EIP-6963 wallet that announces itself,
 * e.g. MetaMask as io.metamask): none of them loads a remote SDK. WalletConnect (QR code for
 * mobile wallets) only when a project id is configured.
 */
export function walletList(config: ClientConfig): WalletList {
  const list: WalletList = [{ groupName: "Browser wallets", wallets: [injectedWallet, rabbyWallet] }];
  if (config.walletConnectProjectId) list.push({ groupName: "Mobile wallets", wallets: [walletConnectWallet] });
  return list;
}

export function createWagmiConfig(config: ClientConfig): Config {
  const { chains, transports } = walletChains(config);
  const connectors = connectorsForWallets(walletList(config), {
    appName: "LOOP",
    projectId: config.walletConnectProjectId ?? "",
  });
  return createConfig({
    chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    // With `ssr: false` wagmi's <Hydrate> reconnects on every render (in render); `true` makes it
    // rehydrate from storage and reconnect once, after mount.
    ssr: true,
  });
}

const appInfo = { appName: "LOOP" };

const theme = darkTheme({
  accentColor: "#8b5cf6",
  accentColorForeground: "#ffffff",
  borderRadius: "large",
  overlayBlur: "small",
});

/** Resolves once the account is not connecting or reconnecting. */
function settledAccount(config: Config): Promise<GetAccountReturnType<Config>> {
  const account = getAccount(config);
  if (account.status === "connected" || account.status === "disconnected") return Promise.resolve(account);
  return new Promise((resolve) => {
    const stop = watchAccount(config, {
      onChange(next) {
        if (next.status === "connected" || next.status === "disconnected") {
          stop();
          resolve(next);
        }
      },
    });
  });
}

type ModalListener = (open: boolean) => void;
type ConnectErrorListener = (error: unknown, connectorId: string | undefined) => void;

interface Bridge {
  /** RainbowKit's `openConnectModal` once it is offered (only while disconnected; it can lag a
   * render behind wagmi's status), or undefined after a timeout. */
  waitForConnectModal: () => Promise<(() => void) | undefined>;
  onModalChange: (listener: ModalListener) => () => void;
  onConnectError: (listener: ConnectErrorListener) => () => void;
}

function createControls(config: Config, clientConfig: ClientConfig, bridge: Bridge): WalletControls {
  async function connect(options: ConnectOptions = {}): Promise<ConnectedAccount> {
    const account = await settledAccount(config);
    if (account.status === "connected" && account.address)
      return { address: account.address, chainId: account.chainId ?? clientConfig.defaultChainId };
    const open = await bridge.waitForConnectModal();
    if (!open) throw new WalletUnavailableError("The wallet modal is not available.");

    return new Promise<ConnectedAccount>((resolve, reject) => {
      let done = false;
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        stopAccount();
        stopModal();
        stopErrors();
        outcome();
      };
      const stopAccount = watchAccount(config, {
        onChange(next) {
          if (next.status === "connected" && next.address) {
            const address = next.address;
            finish(() => resolve({ address, chainId: next.chainId ?? clientConfig.defaultChainId }));
          }
        },
      });
      const stopErrors = bridge.onConnectError((error, connectorId) => options.onError?.(error, connectorId));
      const stopModal = bridge.onModalChange((isOpen) => {
        if (isOpen) return;
        void settledAccount(config).then((settled) => {
          if (settled.status === "connected" && settled.address) {
            const address = settled.address;
            finish(() => resolve({ address, chainId: settled.chainId ?? clientConfig.defaultChainId }));
          } else {
            finish(() => reject(new WalletModalClosedError()));
          }
        });
      });
      open();
    });
  }

  async function signSiweMessage(nonce: string) {
    let account = getAccount(config);
    if (account.status !== "connected" || !account.address) throw new WalletNotConnectedError();
    const configured = config.chains.some((chain) => chain.id === account.chainId);
    if (!configured) {
      await switchChain(config, { chainId: clientConfig.defaultChainId });
      account = getAccount(config);
      if (!account.address) throw new WalletNotConnectedError();
    }
    const address = getAddress(account.address);
    const chainId = account.chainId ?? clientConfig.defaultChainId;
    const issuedAt = new Date();
    const message = createSiweMessage({
      domain: window.location.host,
      uri: window.location.origin,
      address,
      chainId,
      nonce,
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + SIWE_TTL_MS),
      statement: SIWE_STATEMENT,
      version: "1",
    });
    try {
      const signature = await signMessage(config, { account: address, message });
      return { address, chainId, message, signature };
    } catch (error) {
      throw new WalletSignatureError(error);
    }
  }

  /** LoopToken.balanceOf through the configured RPC of `chainId` (ABI from @loop/contracts: never hand-copied). */
  async function readTokenBalance({ chainId, token, owner }: TokenBalanceRequest): Promise<bigint> {
    if (!config.chains.some((chain) => chain.id === chainId)) throw new WalletUnavailableError(`Chain ${chainId} is not configured.`);
    return readContract(config, {
      chainId,
      address: getAddress(token),
      abi: loopTokenAbi,
      functionName: "balanceOf",
      args: [getAddress(owner)],
    });
  }

  function configuredChain(chainId: number): void {
    if (!config.chains.some((chain) => chain.id === chainId)) throw new WalletUnavailableError(`Chain ${chainId} is not configured.`);
  }

  /** The connected account, on `chainId` (the caller switches chains first). */
  function sender(chainId: number) {
    configuredChain(chainId);
    const account = getAccount(config);
    if (account.status !== "connected" || !account.address) throw new WalletNotConnectedError();
    return getAddress(account.address);
  }

  async function readTokenAllowance({ chainId, token, owner, spender }: TokenAllowanceRequest): Promise<bigint> {
    configuredChain(chainId);
    return readContract(config, {
      chainId,
      address: getAddress(token),
      abi: loopTokenAbi,
      functionName: "allowance",
      args: [getAddress(owner), getAddress(spender)],
    });
  }

  async function write(contract: WalletContract, functionName: string, args: readonly unknown[]) {
    const account = sender(contract.chainId);
    const { request } = await simulateContract(config, {
      chainId: contract.chainId,
      account,
      address: getAddress(contract.address),
      abi: CONTRACT_ABIS[contract.name] as Abi,
      functionName,
      args: checksummed(args) as readonly unknown[],
    });
    return writeContract(config, request);
  }

  async function watchToken({ address, symbol, decimals }: WatchAssetRequest) {
    const account = getAccount(config);
    if (account.status !== "connected" || !account.address) throw new WalletNotConnectedError();
    return watchAsset(config, { type: "ERC20", options: { address: getAddress(address), symbol, decimals } });
  }

  async function waitForTransaction<N extends WalletContractName>({
    chainId,
    hash,
    events,
  }: TransactionRequest & { events?: WalletContract<N> }): Promise<TransactionReceipt<N>> {
    configuredChain(chainId);
    const receipt = await waitForTransactionReceipt(config, { chainId, hash });
    if (!events) return { status: receipt.status };
    const from = getAddress(events.address);
    const logs = receipt.logs.filter((log) => getAddress(log.address) === from);
    const decoded = parseEventLogs({ abi: CONTRACT_ABIS[events.name] as Abi, logs }).map(({ eventName, args }) => ({ eventName, args }));
    return { status: receipt.status, events: decoded as WalletEvent<N>[] };
  }

  return {
    connect,
    signSiweMessage,
    disconnect: () => disconnect(config),
    readTokenBalance,
    switchChain: async (chainId: number) => {
      configuredChain(chainId);
      await switchChain(config, { chainId });
    },
    readTokenAllowance,
    writeContract: (contract, functionName, args) => write(contract, functionName, args as readonly unknown[]),
    watchAsset: watchToken,
    waitForTransaction,
  };
}

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
