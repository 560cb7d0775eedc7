/** Test seam of the wallet stack (imported by tests only): controls made of vi.fn(), published as the mounted stack would. */
import { type Mock, vi } from "vitest";
import type { TransactionHash, TransactionRequest, WalletContract, WalletContractName, WalletControls, WalletEvent } from "./types";
import { publishControls } from "./wallet-store";

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
