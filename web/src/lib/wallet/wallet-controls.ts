/**
 * The wallet controls (connect, sign, read, write) over a wagmi config, published to the light
 * wallet store by the wallet stack's bridge. Part of the lazily loaded wallet stack (see wallet-stack.tsx).
 */
import { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi, loopZapAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from "@loop/contracts/abis";
import type { ClientConfig } from "@loop/rules/chains";
import { type Abi, getAddress, isAddress, parseEventLogs } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { Config } from "wagmi";
import {
  disconnect,
  getAccount,
  getBalance,
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
  NativeBalanceRequest,
  PairReservesRequest,
  TokenAllowanceRequest,
  TokenBalanceRequest,
  TransactionReceipt,
  TransactionRequest,
  WalletContract,
  WalletContractAbis,
  WalletContractName,
  WalletControls,
  WalletEvent,
  WatchAssetRequest,
  WriteOptions,
} from "./types";
import { WalletModalClosedError, WalletNotConnectedError, WalletSignatureError, WalletUnavailableError } from "./wallet-errors";

/** The ABIs of the contracts transactions go to (@loop/contracts: never hand-copied). */
const CONTRACT_ABIS: WalletContractAbis = {
  token: loopTokenAbi,
  vault: loopVaultAbi,
  marketplace: loopMarketplaceAbi,
  zap: loopZapAbi,
  router: uniswapV2RouterAbi,
};

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

export type ModalListener = (open: boolean) => void;
export type ConnectErrorListener = (error: unknown, connectorId: string | undefined) => void;

export interface Bridge {
  /** RainbowKit's `openConnectModal` once it is offered (only while disconnected; it can lag a
   * render behind wagmi's status), or undefined after a timeout. */
  waitForConnectModal: () => Promise<(() => void) | undefined>;
  onModalChange: (listener: ModalListener) => () => void;
  onConnectError: (listener: ConnectErrorListener) => () => void;
}

export function createControls(config: Config, clientConfig: ClientConfig, bridge: Bridge): WalletControls {
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

  async function write(contract: WalletContract, functionName: string, args: readonly unknown[], options: WriteOptions = {}) {
    const account = sender(contract.chainId);
    const { request } = await simulateContract(config, {
      chainId: contract.chainId,
      account,
      address: getAddress(contract.address),
      abi: CONTRACT_ABIS[contract.name] as Abi,
      functionName,
      args: checksummed(args) as readonly unknown[],
      ...(options.value !== undefined ? { value: options.value } : {}),
    });
    return writeContract(config, request);
  }

  async function readNativeBalance({ chainId, owner }: NativeBalanceRequest): Promise<bigint> {
    configuredChain(chainId);
    return (await getBalance(config, { chainId, address: getAddress(owner) })).value;
  }

  async function readPairReserves({ chainId, pair }: PairReservesRequest) {
    configuredChain(chainId);
    const [reserve0, reserve1] = await readContract(config, {
      chainId,
      address: getAddress(pair),
      abi: uniswapV2PairAbi,
      functionName: "getReserves",
    });
    return { reserve0, reserve1 };
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
    writeContract: (contract, functionName, args, options) => write(contract, functionName, args as readonly unknown[], options),
    readNativeBalance,
    readPairReserves,
    watchAsset: watchToken,
    waitForTransaction,
  };
}
