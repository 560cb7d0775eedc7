import { depositRefOf } from "@loop/rules/deposit-ref";
import { formatDecimal, LEDGER_DECIMALS, parseLoop, WEI_PER_LEDGER_UNIT } from "@loop/rules/units";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowDownToLine } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ProgressNote } from "@/components/ui/progress-note";
import { formatWalletLoop, loopText, shortAddress } from "@/lib/format";
import { toast } from "@/lib/toast";
import type { HexAddress } from "@/lib/wallet/types";
import { useWalletLoopBalance, WALLET_LOOP_BALANCE_QUERY_KEY } from "@/lib/wallet/wallet-loop-balance";
import { loadWallet, useWalletSnapshot } from "@/lib/wallet/wallet-store";
import { TOKEN_BALANCE_QUERY_KEY, tokenBalanceQueryOptions } from "@/lib/get-token-balance";
import { TRANSFERS_QUERY_KEY } from "@/lib/get-transfers";
import { WALLET_TRANSFERS_QUERY_KEY } from "../api/get-wallet-transfers";
import {
  checkDepositAmount,
  DEPOSIT_MESSAGES,
  DEPOSIT_STEP_LABELS,
  type DepositStep,
  depositFailureText,
  DepositRefusedError,
  isDepositDismissal,
  runDeposit,
} from "../lib/vault-deposit";

/** How often the in-app balance is polled while a confirmed deposit is being credited. */
export const CREDIT_POLL_MS = 500;
/** How long the dialog waits for the credit before saying it is taking longer. */
export const CREDIT_TIMEOUT_MS = 60_000;

export const CREDITING_TEXT = "Crediting your balance…";
export const CREDIT_SLOW_TEXT =
  "Your deposit is confirmed on chain, but crediting is taking longer than usual. Your balance will update as soon as it is processed.";

/** The chain deposits go to (the app's default chain) with its LoopToken and LoopVault. */
export interface DepositChain {
  id: number;
  name: string;
  token: HexAddress;
  vault: HexAddress;
}

type Phase = { kind: "form" } | { kind: "wallet"; step: DepositStep } | { kind: "crediting" } | { kind: "slow" };

export interface DepositDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user: deposits credit their in-app account (accountRef = depositRefOf(userId)). */
  userId: string;
  chain: DepositChain;
  /** The account's linked wallet (EIP-55), if any: whose LOOP is shown until a wallet is connected. */
  linkedAddress: HexAddress | null;
}

/**
 * Deposit LOOP: sends wallet LOOP into LoopVault for the signed-in account (approve if needed, then
 * deposit), then waits until the server has credited the in-app balance.
 */
export function DepositDialog({ open, onOpenChange, userId, chain, linkedAddress }: DepositDialogProps) {
  const queryClient = useQueryClient();
  const snapshot = useWalletSnapshot();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });

  const connected = snapshot.status === "connected" && snapshot.address ? snapshot.address : null;
  const source = connected ?? linkedAddress;
  const sourceBalance = useWalletLoopBalance({ chainId: chain.id, token: chain.token, owner: source ?? undefined });
  const wrongChain = connected !== null && snapshot.chainId !== null && snapshot.chainId !== chain.id;

  function refreshAfterDeposit() {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: WALLET_TRANSFERS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY }),
    ]);
  }

  /**
   * Polls GET /api/tokens/balance (through the shared query, so the balance card follows) every
   * CREDIT_POLL_MS until it reaches `target` ledger units; false after CREDIT_TIMEOUT_MS.
   */
  async function waitForCredit(target: bigint): Promise<boolean> {
    setPhase({ kind: "crediting" });
    const deadline = Date.now() + CREDIT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, CREDIT_POLL_MS));
      const now = await queryClient.fetchQuery({ ...tokenBalanceQueryOptions, staleTime: 0 }).catch(() => null);
      const units = now ? parseLoop(now.balance) : null;
      if (units !== null && units >= target) return true;
    }
    return false;
  }

  const busy = phase.kind === "wallet" || phase.kind === "crediting";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkDepositAmount(amount, sourceBalance.data);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    let accountRef: `0x${string}`;
    try {
      accountRef = depositRefOf(userId);
    } catch {
      setError("Your account cannot receive deposits.");
      return;
    }
    setError(null);
    setPhase({ kind: "wallet", step: "connecting" });
    try {
      const wallet = await loadWallet();
      // The in-app balance before the deposit: the credit has arrived once it is higher by the amount.
      const before = await queryClient.fetchQuery({ ...tokenBalanceQueryOptions, staleTime: 0 }).catch(() => null);
      await runDeposit(wallet, {
        chainId: chain.id,
        token: chain.token,
        vault: chain.vault,
        amount: checked.wei,
        accountRef,
        onStep: (step) => setPhase({ kind: "wallet", step }),
      });
      void queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY });
      toast({ title: "Deposit Submitted", description: "Your deposit is confirmed on chain. Crediting your balance…" });
      const baseline = before ? parseLoop(before.balance) : null;
      // Without a starting point the credit cannot be recognised: say so plainly instead of guessing.
      const credited = baseline !== null && (await waitForCredit(baseline + checked.units));
      void refreshAfterDeposit();
      if (!credited) {
        setPhase({ kind: "slow" });
        return;
      }
      toast({ title: "Deposit Successful", description: `${loopText(amount.trim())} added to your balance`, variant: "success" });
      setPhase({ kind: "form" });
      setAmount("");
      onOpenChange(false);
    } catch (caught) {
      setPhase({ kind: "form" });
      if (isDepositDismissal(caught)) return;
      const text = depositFailureText(caught);
      if (caught instanceof DepositRefusedError && text === DEPOSIT_MESSAGES.insufficient) {
        setError(text);
        void queryClient.invalidateQueries({ queryKey: WALLET_LOOP_BALANCE_QUERY_KEY });
        return;
      }
      toast({ title: "Deposit Failed", description: text, variant: "destructive" });
    }
  }

  async function switchNetwork() {
    try {
      const wallet = await loadWallet();
      await wallet.switchChain(chain.id);
    } catch (caught) {
      if (!isDepositDismissal(caught))
        toast({ title: "Network Switch Failed", description: depositFailureText(caught), variant: "destructive" });
    }
  }

  function close(next: boolean) {
    if (!next && phase.kind === "slow") setPhase({ kind: "form" });
    onOpenChange(next);
  }

  const max = sourceBalance.data !== undefined ? sourceBalance.data - (sourceBalance.data % 10n ** 10n) : null;
  const progress = phase.kind === "wallet" ? DEPOSIT_STEP_LABELS[phase.step] : phase.kind === "crediting" ? CREDITING_TEXT : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Deposit LOOP"
      icon={ArrowDownToLine}
      description={`Move LOOP from your wallet into your in-app balance on ${chain.name}. Your wallet asks you to approve the LOOP vault, then to confirm the deposit.`}
      statusView={
        phase.kind === "slow" ? (
          <div className="mt-5 grid gap-4">
            <p role="status" className="rounded-lg border border-border bg-surface/60 px-3.5 py-3 text-sm">
              {CREDIT_SLOW_TEXT}
            </p>
            <div className="flex justify-end">
              <Button onClick={() => close(false)}>Close</Button>
            </div>
          </div>
        ) : null
      }
      onSubmit={(event) => void submit(event)}
      error={error}
      pending={busy}
      submitLabel="Deposit"
      submitIcon={ArrowDownToLine}
      cancelLabel={busy ? "Hide" : "Cancel"}
    >
      <div className="grid gap-2">
        <Label htmlFor="deposit-amount">Amount (LOOP)</Label>
        <div className="flex gap-2">
          <Input
            id="deposit-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder="0.00000000"
            disabled={busy}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(null);
            }}
          />
          <Button
            variant="outline"
            disabled={busy || max === null || max === 0n}
            onClick={() => {
              if (max === null) return;
              // The field keeps the API's form: whole ledger units with 8 decimals ("12.50000000").
              setAmount(formatDecimal(max / WEI_PER_LEDGER_UNIT, LEDGER_DECIMALS));
              setError(null);
            }}
          >
            Max
          </Button>
        </div>
        <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground" data-testid="deposit-wallet-balance">
          {source ? (
            <>
              <span>
                Wallet balance:{" "}
                {sourceBalance.data !== undefined
                  ? `${formatWalletLoop(sourceBalance.data)} LOOP`
                  : sourceBalance.isError
                    ? "unavailable"
                    : "…"}
              </span>
              <span title={source}>{connected ? `From ${shortAddress(source)}` : `Linked ${shortAddress(source)}`}</span>
            </>
          ) : (
            <span>Your wallet connects when you deposit.</span>
          )}
        </p>
      </div>
      {wrongChain ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm text-amber-100">
          <span className="flex-1">Your wallet is on another network. Deposits go to {chain.name}.</span>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void switchNetwork()}>
            Switch to {chain.name}
          </Button>
        </div>
      ) : null}
      {progress ? (
        <ProgressNote className="px-3.5 py-3" data-testid="deposit-progress">
          {progress}
        </ProgressNote>
      ) : null}
    </FormDialog>
  );
}
