import { describe, expect, it, vi } from "vitest";
import { fakeReceipts, fakeTransactionWallet, fakeWriteContract, writtenFunctions } from "./fake-wallet-controls";
import type { WalletEvent } from "./types";
import {
  NO_WALLET_DETECTED,
  WALLET_NOT_CONNECTED_TEXT,
  WalletModalClosedError,
  WalletNotConnectedError,
  WalletUnavailableError,
} from "./wallet-errors";
import {
  type FailureTexts,
  insufficientWalletText,
  isWalletDismissal,
  phaseSteps,
  type TransactionSteps,
  type TransactionWallet,
  transactionRunner,
  walletFailureText,
} from "./wallet-transaction";

const LOOP = 10n ** 18n;
const ACCOUNT = `0x${"d4".repeat(20)}` as const;
const TOKEN = { name: "token", chainId: 31337, address: `0x${"a1".repeat(20)}` } as const;
const VAULT = { name: "vault", chainId: 31337, address: `0x${"c3".repeat(20)}` } as const;
const REF = `0x${"ab".repeat(32)}` as const;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;
const DEPOSIT_TX = `0x${"22".repeat(32)}` as const;

class TestRefusedError extends Error {
  override readonly name = "TestRefusedError";
}

type Step = "connecting" | "switching" | "checking" | "approving" | "depositing" | "confirming";
const STEPS: TransactionSteps<Step> = phaseSteps("depositing");

const TEXTS: FailureTexts = {
  Refused: TestRefusedError,
  revertTexts: { EnforcedPause: "Deposits are paused at the moment." },
  unknownRevert: (name) => `The vault refused the deposit (${name}).`,
  fallback: "Failed to deposit LOOP. Please try again.",
  rejected: "You rejected the request in your wallet.",
};

function fakeWallet(overrides: Partial<TransactionWallet> = {}): TransactionWallet {
  const writes = { "token.approve": APPROVE_TX, "vault.deposit": DEPOSIT_TX };
  return { ...fakeTransactionWallet({ address: ACCOUNT, chainId: 1, balance: 100n * LOOP, writes }), ...overrides };
}

/** A deposit as the vault flow runs it: connect → switch → allowance → deposit → receipt. */
async function deposit(wallet: TransactionWallet, steps: Step[] = [], amount = 10n * LOOP) {
  const run = transactionRunner(wallet, { steps: STEPS, onStep: (step) => steps.push(step), Refused: TestRefusedError });
  const account = await run.connect();
  await run.switchChain(account, 31337);
  const approval = await run.ensureAllowance({ token: TOKEN, owner: account.address, spender: VAULT.address, amount });
  const { hash } = await run.send(VAULT, "deposit", [amount, REF], "deposit");
  return { approval, hash };
}

/** What the flow says when it fails with `wallet`. */
async function failureOf(wallet: TransactionWallet): Promise<string> {
  const error = await deposit(wallet).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).not.toBeNull();
  return walletFailureText(error, TEXTS);
}

const revert = (errorName: string) => ({
  name: "ContractFunctionExecutionError",
  shortMessage: "reverted",
  cause: { name: "ContractFunctionRevertedError", data: { errorName } },
});
const reject = <T>(error: unknown) => vi.fn(async (): Promise<T> => Promise.reject(error));

describe("transactionRunner", () => {
  it("runs connect → switch chain → check → approve (mined) → write → wait, announcing the flow's steps in order", async () => {
    const wallet = fakeWallet();
    const steps: Step[] = [];
    await expect(deposit(wallet, steps)).resolves.toEqual({ approval: APPROVE_TX, hash: DEPOSIT_TX });
    expect(steps).toEqual(["connecting", "switching", "checking", "approving", "depositing", "confirming"]);
    expect(wallet.switchChain).toHaveBeenCalledWith(31337);
    expect(wallet.readTokenAllowance).toHaveBeenCalledWith({
      chainId: 31337,
      token: TOKEN.address,
      owner: ACCOUNT,
      spender: VAULT.address,
    });
    expect(wallet.writeContract).toHaveBeenNthCalledWith(1, TOKEN, "approve", [VAULT.address, 10n * LOOP]);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(2, VAULT, "deposit", [10n * LOOP, REF]);
    expect(vi.mocked(wallet.waitForTransaction).mock.calls.map(([request]) => request.hash)).toEqual([APPROVE_TX, DEPOSIT_TX]);
    // Each receipt is awaited before the next transaction is sent.
    const writes = vi.mocked(wallet.writeContract).mock.invocationCallOrder;
    const waits = vi.mocked(wallet.waitForTransaction).mock.invocationCallOrder;
    const order = [writes[0]!, waits[0]!, writes[1]!, waits[1]!];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("skips the switch on the right chain and the approval when the allowance covers the amount", async () => {
    const wallet = fakeWallet({
      connect: vi.fn(async () => ({ address: ACCOUNT, chainId: 31337 })),
      readTokenAllowance: vi.fn(async () => 10n * LOOP),
    });
    const steps: Step[] = [];
    await expect(deposit(wallet, steps)).resolves.toEqual({ approval: null, hash: DEPOSIT_TX });
    expect(steps).toEqual(["connecting", "checking", "depositing", "confirming"]);
    expect(wallet.switchChain).not.toHaveBeenCalled();
    expect(writtenFunctions(wallet)).toEqual(["vault.deposit"]);
  });

  it("leaves unnamed phases unannounced and never announces a step twice in a row", async () => {
    const steps: string[] = [];
    const run = transactionRunner(fakeWallet(), {
      steps: { connecting: "connecting", checking: "checking", writing: "sending" },
      onStep: (step) => steps.push(step),
      Refused: TestRefusedError,
    });
    const account = await run.connect();
    await run.switchChain(account, 31337);
    run.step("checking");
    await run.ensureAllowance({ token: TOKEN, owner: ACCOUNT, spender: VAULT.address, amount: LOOP });
    await run.send(VAULT, "deposit", [LOOP, REF], "deposit");
    expect(steps).toEqual(["connecting", "checking", "sending"]);
  });

  it("gives the receipt's decoded events when asked for them", async () => {
    const opened = { eventName: "OfferOpened", args: { offerId: 7n } } as WalletEvent<"marketplace">;
    const wallet = fakeWallet({
      writeContract: fakeWriteContract({ "marketplace.reclaimOffer": DEPOSIT_TX }),
      waitForTransaction: fakeReceipts({ [DEPOSIT_TX]: [opened] }),
    });
    const marketplace = { name: "marketplace", chainId: 31337, address: `0x${"e5".repeat(20)}` } as const;
    const run = transactionRunner(wallet, { steps: {}, Refused: TestRefusedError });
    const { receipt } = await run.send(marketplace, "reclaimOffer", [7n], "reclaim", { events: true });
    expect(receipt.events).toEqual([opened]);
    expect(wallet.waitForTransaction).toHaveBeenCalledWith({ chainId: 31337, hash: DEPOSIT_TX, events: marketplace });
  });
});

describe("a failure at each step", () => {
  it("connect: a closed modal or a rejection is a dismissal; no wallet and no account are named", async () => {
    for (const error of [new WalletModalClosedError(), { code: 4001, message: "User rejected the request." }]) {
      const wallet = fakeWallet({ connect: reject(error) });
      await expect(deposit(wallet)).rejects.toBe(error);
      expect(isWalletDismissal(error)).toBe(true);
    }
    expect(await failureOf(fakeWallet({ connect: reject({ name: "ProviderNotFoundError" }) }))).toBe(NO_WALLET_DETECTED);
    expect(await failureOf(fakeWallet({ connect: reject(new WalletNotConnectedError()) }))).toBe(WALLET_NOT_CONNECTED_TEXT);
    expect(isWalletDismissal(new Error("boom"))).toBe(false);
  });

  it("switch chain: a rejection says so, the stack not loading says to reload", async () => {
    expect(await failureOf(fakeWallet({ switchChain: reject({ code: 4001, message: "User rejected the request." }) }))).toBe(
      "You rejected the request in your wallet.",
    );
    expect(await failureOf(fakeWallet({ switchChain: reject(new WalletUnavailableError("Chain 31337 is not configured.")) }))).toBe(
      "Chain 31337 is not configured. Please reload the page and try again.",
    );
  });

  it("check: a short balance is refused before any transaction, with the spec's 'Insufficient Balance' or the flow's text", async () => {
    const poor = fakeWallet({ readTokenBalance: vi.fn(async () => 5n * LOOP) });
    expect(await failureOf(poor)).toBe(insufficientWalletText(10n * LOOP, 5n * LOOP));
    expect(insufficientWalletText(10n * LOOP, 5n * LOOP)).toBe("Insufficient Balance: You need 10 LOOP tokens but only have 5");
    expect(poor.writeContract).not.toHaveBeenCalled();

    const run = transactionRunner(poor, { steps: STEPS, Refused: TestRefusedError });
    await expect(
      run.ensureAllowance({
        token: TOKEN,
        owner: ACCOUNT,
        spender: VAULT.address,
        amount: 10n * LOOP,
        insufficient: () => "Insufficient Balance: Your wallet doesn't hold that much LOOP",
      }),
    ).rejects.toThrow(new TestRefusedError("Insufficient Balance: Your wallet doesn't hold that much LOOP"));
  });

  it("approve: a reverted approval stops the flow before the transaction", async () => {
    const wallet = fakeWallet({ waitForTransaction: vi.fn(async () => ({ status: "reverted" as const })) });
    expect(await failureOf(wallet)).toBe("The approval transaction was reverted on chain.");
    expect(writtenFunctions(wallet)).toEqual(["token.approve"]);
  });

  it("simulate and write: the contract's custom error is named (known or not), an RPC failure gives its short message", async () => {
    const covered = { readTokenAllowance: vi.fn(async () => 10n * LOOP) };
    expect(await failureOf(fakeWallet({ ...covered, writeContract: reject(revert("EnforcedPause")) }))).toBe(
      "Deposits are paused at the moment.",
    );
    expect(await failureOf(fakeWallet({ ...covered, writeContract: reject(revert("SomethingNew")) }))).toBe(
      "The vault refused the deposit (SomethingNew).",
    );
    expect(await failureOf(fakeWallet({ ...covered, writeContract: reject({ shortMessage: "HTTP request failed." }) }))).toBe(
      "HTTP request failed.",
    );
    expect(await failureOf(fakeWallet({ ...covered, writeContract: reject(new Error("boom")) }))).toBe(
      "Failed to deposit LOOP. Please try again.",
    );
  });

  it("wait for the receipt: a reverted transaction names what was sent", async () => {
    const wallet = fakeWallet({
      readTokenAllowance: vi.fn(async () => 10n * LOOP),
      waitForTransaction: vi.fn(async () => ({ status: "reverted" as const })),
    });
    expect(await failureOf(wallet)).toBe("The deposit transaction was reverted on chain.");
  });

  it("a flow that takes a rejection as a dismissal has no text of its own for it", () => {
    const { rejected: _rejected, ...withoutRejection } = TEXTS;
    expect(
      walletFailureText(
        { code: 4001, message: "User rejected the request.", shortMessage: "User rejected the request." },
        withoutRejection,
      ),
    ).toBe("User rejected the request.");
    expect(walletFailureText(new TestRefusedError("Use the wallet linked to your account."), withoutRejection)).toBe(
      "Use the wallet linked to your account.",
    );
  });
});
