import { defaultChainOf } from "@loop/rules/chains";
import { paths } from "@loop/rules/paths";
import { WITHDRAWAL_METHODS, type WithdrawalMethod } from "@loop/rules/schemas/withdrawals";
import { LOOP_PER_USD } from "@loop/rules/units";
import {
  COMING_SOON_WITHDRAWAL_METHODS,
  WITHDRAWAL_METHOD_INFO,
  publishedFeeText,
  withdrawalMethodFeeText,
} from "@loop/rules/withdrawal-fees";
import { ArrowUpFromLine, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useClientConfig } from "@/lib/client-config";
import { loopText } from "@/lib/format";
import { usePlatformSettings } from "@/lib/platform-settings";
import { LinkButton } from "@/components/ui/link-button";
import { SettingsCard } from "./settings-card";

/** Where a withdrawal is started: the Token page's My Wallet tab has the Withdraw button and dialog. */
export const WITHDRAW_PATH = paths.tokens();

/** The methods in the card's order: LOOP on chain first (WITHDRAWAL_METHOD_INFO's order), then the crypto ones. */
const METHODS = Object.keys(WITHDRAWAL_METHOD_INFO).filter((method): method is WithdrawalMethod =>
  (WITHDRAWAL_METHODS as readonly string[]).includes(method),
);

/** The chain `loop` payouts go out on (the API's default chain) and whether LoopVault is deployed there; undefined while /api/config loads. */
function usePayoutChain(): { name: string; hasVault: boolean } | undefined {
  const config = useClientConfig();
  if (!config.data) return undefined;
  const chain = defaultChainOf(config.data);
  return { name: chain?.name ?? `chain ${config.data.defaultChainId}`, hasVault: !!chain?.contracts };
}

/** How a method is paid and what the member receives, in words (decisions.md, issues 5, 17 and 22). */
function howPaid(
  method: WithdrawalMethod,
  payoutChain: { name: string; hasVault: boolean } | undefined,
): { payout: string; receives: string } {
  const info = WITHDRAWAL_METHOD_INFO[method];
  if (info.payout === "vault") {
    return {
      payout: `Paid automatically on chain from the LOOP vault${payoutChain ? ` on ${payoutChain.name}` : ""} once an admin approves the request. The vault pays out a limited amount a day across all members; past that limit, or when its reserve is short, the request waits as pending.`,
      receives: "You receive the same amount of LOOP in your wallet.",
    };
  }
  return {
    payout: "Paid by an admin, who sends it by hand and records the transaction ID.",
    receives: `You receive ${info.asset} worth the withdrawal's USD value (${LOOP_PER_USD} LOOP = $1) on ${info.network}.`,
  };
}

/**
 * Withdrawal Methods (docs/product.md#settings; issue 22): the methods that exist — `loop` paid by LoopVault,
 * the crypto ones paid by an admin — with the fee the platform really charges (none; it pays the
 * network fee: @loop/rules/withdrawal-fees, as the API's netUsdAmount), the minimum of the platform
 * settings, a link to the Token page's Withdraw dialog, and the spec's other methods as "Coming soon"
 * with the providers' published fees, which LOOP does not charge.
 */
export function WithdrawalMethodsCard() {
  const { minWithdrawal } = usePlatformSettings();
  const payoutChain = usePayoutChain();
  const minimum = loopText(minWithdrawal);

  return (
    <SettingsCard icon={ArrowUpFromLine} title="Withdrawal Methods" description="How your LOOP can leave the app and what it costs you.">
      <ul className="grid gap-2" aria-label="Available withdrawal methods">
        {METHODS.map((method) => {
          const info = WITHDRAWAL_METHOD_INFO[method];
          const { payout, receives } = howPaid(method, payoutChain);
          const unavailable = info.payout === "vault" && payoutChain !== undefined && !payoutChain.hasVault;
          return (
            <li key={method} aria-label={info.name} className="grid gap-1 rounded-lg border border-border bg-surface/60 px-4 py-3">
              <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {info.name}
                {unavailable ? (
                  <Badge variant="warning">Unavailable here</Badge>
                ) : info.payout === "vault" ? (
                  <Badge variant="success">Automatic payout</Badge>
                ) : (
                  <Badge variant="outline">Paid by an admin</Badge>
                )}
              </span>
              <span className="text-xs text-muted-foreground">{payout}</span>
              <span className="text-xs text-muted-foreground">{receives}</span>
              {unavailable ? (
                <span className="text-xs text-amber-200">
                  The LOOP vault is not deployed on {payoutChain.name}: LOOP payouts cannot be sent on this marketplace.
                </span>
              ) : null}
              <span className="text-sm">
                <span className="text-muted-foreground">Fee: </span>
                <span data-testid={`withdrawal-fee-${method}`}>{withdrawalMethodFeeText(method)}</span>
              </span>
            </li>
          );
        })}
      </ul>

      <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Minimum withdrawal: <span className="font-medium text-foreground">{minimum}</span> on every method. Only withdrawable LOOP can
          leave; promotional LOOP (welcome bonus, level rewards, upload rewards) cannot.
        </p>
        <LinkButton to={WITHDRAW_PATH} icon={ArrowUpFromLine} variant="outline">
          Withdraw
        </LinkButton>
      </div>

      <section aria-labelledby="withdrawal-coming-soon-title" className="grid gap-2 border-t border-border pt-4">
        <h3 id="withdrawal-coming-soon-title" className="flex items-center gap-2 text-sm font-semibold">
          <Clock className="size-4 text-amber-300" aria-hidden />
          Coming soon
        </h3>
        <p className="text-xs text-muted-foreground">
          Not available yet. The figures are each provider&apos;s own published fee, not a LOOP fee.
        </p>
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Withdrawal methods coming soon">
          {COMING_SOON_WITHDRAWAL_METHODS.map(({ name, publishedFee }) => (
            <li
              key={name}
              aria-label={name}
              className="flex items-center justify-between gap-2 rounded-lg border border-dashed border-border px-4 py-2 text-sm"
            >
              <span className="font-medium">{name}</span>
              <span className="text-xs text-muted-foreground">Provider&apos;s fee: {publishedFeeText(publishedFee)}</span>
            </li>
          ))}
        </ul>
      </section>
    </SettingsCard>
  );
}
