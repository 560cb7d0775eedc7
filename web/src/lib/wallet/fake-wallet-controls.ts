/** Test seam of the wallet stack (imported by tests only): controls made of vi.fn(), published as the mounted stack would. */
import { DEV_CHAIN_ID } from "@loop/rules/chains";
import { type Mock, vi } from "vitest";
import type {
  HexAddress,
  TransactionHash,
  TransactionRequest,
  WalletContract,
  WalletContractName,
  WalletControls,
  WalletEvent,
  WalletSnapshot,
} from "./types";
import { publishControls, publishSnapshot } from "./wallet-store";
import type { TransactionWallet } from "./wallet-transaction";

export function publishFakeWalletControls(overrides: Partial<WalletControls> = {}): WalletControls {
  const controls: WalletControls = {
    connect: vi.fn(),
    signSiweMessage: vi.fn(),
    disconnect: vi.fn(),
    readTokenBalance: vi.fn(),
    switchChain: vi.fn(),
    readTokenAllowance: vi.fn(),
    writeContract: vi.fn(),
    watchAsset: vi.fn(),
    waitForTransaction: vi.fn(),
    readNativeBalance: vi.fn(),
    readPairReserves: vi.fn(),
    ...overrides,
  };
  publishControls(controls);
  return controls;
}

/** A writeContract that answers each "contract.function" it is given with its hash, e.g. { "token.approve": HASH }. */
export function fakeWriteContract(hashes: Record<string, TransactionHash>) {
  return vi.fn(async (contract: WalletContract, functionName: string): Promise<TransactionHash> => {
    const hash = hashes[`${contract.name}.${functionName}`];
    if (!hash) throw new Error(`No hash for ${contract.name}.${functionName}`);
    return hash;
  });
}

/** The contract functions a fake wallet was asked to write, in order ("token.approve", "vault.deposit"). */
export function writtenFunctions(wallet: Pick<WalletControls, "writeContract">): string[] {
  return vi.mocked(wallet.writeContract).mock.calls.map(([contract, functionName]) => `${contract.name}.${functionName}`);
}

/** A waitForTransaction whose receipts all succeed; those of the hashes in `events` carry these decoded events. */
export function fakeReceipts(events: Partial<Record<TransactionHash, WalletEvent<WalletContractName>[]>> = {}) {
  const wait = vi.fn(async ({ hash }: TransactionRequest) => {
    const logged = events[hash];
    return { status: "success" as const, ...(logged ? { events: logged } : {}) };
  });
  return wait as unknown as Mock<WalletControls["waitForTransaction"]>;
}

export interface FakeWalletOptions {
  address: HexAddress;
  /** What writeContract answers: "contract.function" → hash. */
  writes: Record<string, TransactionHash>;
  /** The chain the wallet is on (the local development chain unless told). */
  chainId?: number;
  /** The LOOP (wei) it holds: 10,000 LOOP unless told; it has allowed nothing yet. */
  balance?: bigint;
}

/** The wallet calls of a transaction, made of vi.fn(): connected as `address`, every receipt a success. */
export function fakeTransactionWallet({
  address,
  writes,
  chainId = DEV_CHAIN_ID,
  balance = 10_000n * 10n ** 18n,
}: FakeWalletOptions): TransactionWallet {
  return {
    connect: vi.fn(async () => ({ address, chainId })),
    switchChain: vi.fn(async () => undefined),
    readTokenBalance: vi.fn(async () => balance),
    readTokenAllowance: vi.fn(async () => 0n),
    writeContract: fakeWriteContract(writes),
    waitForTransaction: fakeReceipts(),
  };
}

/**
 * `fakeTransactionWallet` published as the mounted stack would, with its snapshot (connected with
 * MetaMask on the wallet's chain, `snapshot` changing it) unless `snapshot` is false.
 */
export function publishConnectedWallet(
  { snapshot = {}, ...options }: FakeWalletOptions & { snapshot?: Partial<WalletSnapshot> | false },
  overrides: Partial<WalletControls> = {},
): WalletControls {
  const controls = publishFakeWalletControls({ ...fakeTransactionWallet(options), ...overrides });
  if (snapshot) {
    publishSnapshot({
      status: "connected",
      address: options.address,
      chainId: options.chainId ?? DEV_CHAIN_ID,
      connectorName: "MetaMask",
      ...snapshot,
    });
  }
  return controls;
}
