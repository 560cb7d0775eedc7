import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import { Coins, ShoppingCart } from "lucide-react";
import { CopyAddressButton } from "@/components/copy-address-button";
import { Badge } from "@/components/ui/badge";
import { LoopAmount } from "@/components/ui/loop-amount";
import { usePendingSales } from "@/lib/get-pending-sales";
import { useTokenBalance } from "@/lib/get-token-balance";
import { loopToUsd } from "@/lib/loop-amounts";
import { parseLoop } from "@loop/rules/units";
import { BalanceParts } from "./balance-parts";
import { BalanceQuery } from "./balance-query";
import { BuyWithEthButton } from "./buy-with-eth-button";
import { PendingSalesNote, pendingSalesTotal } from "./pending-sales-note";
import { LinkButton } from "@/components/ui/link-button";

/**
 * Home's LOOP balance banner (docs/product.md#home): the in-app balance with its USD value at 500 LOOP = $1,
 * the user's wallet ID (their user id: what other users send tokens to) with Copy, Buy with ETH (BNB: through
 * the exchange's pool, credited here), Buy Tokens and the rate badge. Held LOOP is explained: card and PayPal sale proceeds "pending until <date>", the
 * rest held for withdrawals and offers. Below it, what can be withdrawn and the promotional LOOP
 * (welcome bonus, level rewards, upload rewards) that pays for loops only (issue 18).
 */
export function BalanceBanner({ user }: { user: Pick<CurrentUser, "id"> }) {
  const balance = useTokenBalance();
  const pending = usePendingSales();
  const pendingLines = pending.data ?? [];
  const held = balance.data ? parseLoop(balance.data.held) : null;
  // Known once the pending sales answered (or failed: then all of it is shown as held).
  const otherHeld = held !== null && !pending.isPending ? held - pendingSalesTotal(pendingLines) : null;

  return (
    <section
      aria-labelledby="balance-banner-title"
      className="relative overflow-hidden rounded-2xl border border-primary/30 bg-gradient-to-r from-primary/15 via-card to-highlight/10 p-5 sm:p-6"
    >
      <div className="soft-glow absolute -bottom-48 -left-42 size-112 text-primary/15" aria-hidden />
      <div className="relative flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="bg-brand-gradient inline-flex size-12 shrink-0 items-center justify-center rounded-xl shadow-lg shadow-primary/30">
            <Coins className="size-6 text-white" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="balance-banner-title" className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
              LOOP Balance
              <Badge variant="highlight" data-testid="rate-badge">
                500 LOOP = $1 USD
              </Badge>
            </h2>
            <BalanceQuery balance={balance} className="mt-2" skeletons={["h-8 w-56", "h-4 w-24"]}>
              {(data) => (
                <>
                  <p
                    className="mt-1 font-display text-2xl font-extrabold tracking-tight break-all sm:text-3xl"
                    data-testid="banner-balance"
                  >
                    <LoopAmount value={data.balance} unit={false} /> <span className="text-base font-semibold text-violet-200">LOOP</span>
                  </p>
                  <p className="mt-0.5 text-sm text-muted-foreground">
                    ≈ <span data-testid="banner-usd">{loopToUsd(data.balance)}</span> USD
                    {otherHeld !== null && otherHeld > 0n ? (
                      <span>
                        {" "}
                        · <LoopAmount value={otherHeld} /> held for pending withdrawals and offers
                      </span>
                    ) : null}
                  </p>
                  <BalanceParts withdrawable={data.withdrawable} promotional={data.promotional} />
                  <PendingSalesNote pending={pendingLines} />
                </>
              )}
            </BalanceQuery>
          </div>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex min-h-10 min-w-0 items-center gap-2 rounded-lg border border-border bg-surface/60 px-3 py-1.5 text-sm">
            <span className="shrink-0 text-muted-foreground">Wallet ID</span>
            <code className="min-w-0 truncate font-mono text-xs" title={user.id} data-testid="banner-wallet-id">
              {user.id}
            </code>
            <CopyAddressButton address={user.id} label="Copy wallet ID" />
          </div>
          <BuyWithEthButton userId={user.id} />
          <LinkButton to={paths.tokens()} icon={ShoppingCart} variant="outline">
            Buy Tokens
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
