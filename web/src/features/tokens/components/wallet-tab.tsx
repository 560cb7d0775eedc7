import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import { parseLoop } from "@loop/rules/units";
import { ArrowUpFromLine, Coins, Send, TrendingUp } from "lucide-react";
import { useState } from "react";
import { CopyAddressButton } from "@/components/copy-address-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoopAmount } from "@/components/ui/loop-amount";
import { usePendingSales } from "@/lib/get-pending-sales";
import { useTokenBalance } from "@/lib/get-token-balance";
import { loopToUsd } from "@/lib/loop-amounts";
import { BalanceQuery } from "./balance-query";
import { BuyWithEthButton } from "./buy-with-eth-button";
import { ContactAdminCard } from "./contact-admin-card";
import { ExchangeCard } from "./exchange-card";
import { ExchangeMarkets } from "./exchange-markets";
import { BalanceParts } from "./balance-parts";
import { PendingSalesNote } from "./pending-sales-note";
import { SendTokensDialog } from "./send-tokens-dialog";
import { TransferHistory } from "./transfer-history";
import { WalletLoopCard } from "./wallet-loop-card";
import { WithdrawDialog } from "./withdraw-dialog";
import { WithdrawalHistory } from "./withdrawal-history";
import { LinkButton } from "@/components/ui/link-button";

function BalanceCard({ user }: { user: Pick<CurrentUser, "id"> }) {
  const balance = useTokenBalance();
  const pending = usePendingSales();
  const held = balance.data ? parseLoop(balance.data.held) : null;
  return (
    <Card aria-labelledby="wallet-balance-title" className="bg-gradient-to-br from-primary/15 via-card to-highlight/10 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="wallet-balance-title" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Coins className="size-4 text-primary" aria-hidden />
          Your LOOP Balance
        </h3>
        <Badge variant="highlight">500 LOOP = $1 USD</Badge>
      </div>
      <BalanceQuery balance={balance} className="mt-3" skeletons={["h-10 w-64", "h-4 w-32"]}>
        {(data) => (
          <div className="mt-2">
            <p className="font-display text-3xl font-extrabold tracking-tight break-all sm:text-4xl" data-testid="wallet-balance">
              <LoopAmount value={data.balance} unit={false} /> <span className="text-lg font-semibold text-violet-200">LOOP</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              ≈ {loopToUsd(data.balance)} USD
              {held !== null && held > 0n ? (
                <>
                  {" "}
                  · Available <LoopAmount value={data.available} /> · Held <LoopAmount value={data.held} />
                </>
              ) : null}
            </p>
            <BalanceParts withdrawable={data.withdrawable} promotional={data.promotional} />
            <PendingSalesNote pending={pending.data ?? []} />
          </div>
        )}
      </BalanceQuery>
      <div className="mt-4 flex min-w-0 items-center gap-2 rounded-lg border border-border bg-surface/60 px-3 py-1.5 text-sm">
        <span className="shrink-0 text-muted-foreground">Wallet ID</span>
        <code className="min-w-0 flex-1 truncate font-mono text-xs" title={user.id}>
          {user.id}
        </code>
        <CopyAddressButton address={user.id} label="Copy wallet ID" />
      </div>
    </Card>
  );
}

/** My Wallet (docs/product.md#token-page): balance, actions, exchange cards, Contact Admin, both histories and the Wallet LOOP card. */
export function WalletTab({ user }: { user: Pick<CurrentUser, "id" | "email"> }) {
  const [dialog, setDialog] = useState<"send" | "withdraw" | null>(null);
  const balance = useTokenBalance();
  // Only withdrawable LOOP can be sent or withdrawn; promotional LOOP is for loops (issue 18).
  const { withdrawable, promotional } = balance.data ?? {};

  return (
    <div className="grid gap-6">
      <BalanceCard user={user} />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <BuyWithEthButton userId={user.id} size="lg" />
        <Button size="lg" variant="outline" onClick={() => setDialog("send")}>
          <Send aria-hidden />
          Send Tokens
        </Button>
        <Button size="lg" variant="outline" onClick={() => setDialog("withdraw")}>
          <ArrowUpFromLine aria-hidden />
          Withdraw
        </Button>
        <LinkButton to={paths.home()} icon={TrendingUp} size="lg" variant="outline">
          Earn Tokens
        </LinkButton>
      </div>
      <SendTokensDialog
        open={dialog === "send"}
        onOpenChange={(open) => setDialog(open ? "send" : null)}
        userId={user.id}
        withdrawable={withdrawable}
        promotional={promotional}
      />
      <WithdrawDialog
        open={dialog === "withdraw"}
        onOpenChange={(open) => setDialog(open ? "withdraw" : null)}
        withdrawable={withdrawable}
        promotional={promotional}
      />

      <section aria-labelledby="exchanges-title" className="grid gap-3">
        <h3 id="exchanges-title" className="text-sm font-medium tracking-wide text-muted-foreground uppercase">
          Decentralised exchanges
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <ExchangeMarkets render={(market) => <ExchangeCard key={market.chainId} market={market} />} />
        </div>
      </section>

      <ContactAdminCard userId={user.id} email={user.email} />

      {/* In-app history beside the wallet's on-chain LOOP (docs/product.md#ledger: the two balances). */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TransferHistory />
        <WalletLoopCard user={user} />
        <WithdrawalHistory />
      </div>
    </div>
  );
}
