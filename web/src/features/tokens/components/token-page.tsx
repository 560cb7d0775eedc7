import type { CurrentUser } from "@loop/rules/api-types";
import { LogIn, Wallet } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TabList, TabPanel, tabIds } from "@/components/ui/tab-list";
import { useDefaultMarket } from "../lib/default-market";
import { BuyBanner } from "./buy-banner";
import { ExchangeMarkets } from "./exchange-markets";
import { ExchangePanel } from "./exchange-panel";
import { FaqTab } from "./faq-tab";
import { TokensHero } from "./hero";
import { SupportedWallets } from "./supported-wallets";
import { WalletTab } from "./wallet-tab";
import { WhatYouCanDo } from "./what-you-can-do";

const TABS = [
  { id: "wallet", label: "My Wallet" },
  { id: "faq", label: "FAQ & How it Works" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export const WALLET_SECTION_ID = "wallet";

function SignInPrompt({ onSignIn }: { onSignIn: () => void }) {
  return (
    <Card className="mx-auto max-w-lg p-10 text-center">
      <Wallet className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <h3 className="mt-4 text-xl font-bold">Sign in to see your wallet</h3>
      <p className="mt-2 text-sm text-muted-foreground">Log in to check your LOOP balance, send tokens, order more and withdraw.</p>
      <Button size="lg" className="mt-6" onClick={onSignIn}>
        <LogIn aria-hidden />
        Log in
      </Button>
    </Card>
  );
}

export interface TokenPageProps {
  /** The signed-in user; null for a visitor, who gets a sign-in prompt instead of the wallet. */
  user: Pick<CurrentUser, "id" | "email"> | null;
  onSignIn: () => void;
}

/** /tokens (docs/product.md#token-page): hero, Buy banner (Buy with ETH), What You Can Do, the My Wallet / FAQ tabs, the configured chains' exchange panels, wallets. */
export function TokenPage({ user, onSignIn }: TokenPageProps) {
  const [tab, setTab] = useState<TabId>("wallet");
  const { market } = useDefaultMarket();

  const goToWallet = useCallback(() => {
    setTab("wallet");
    const target = document.getElementById(WALLET_SECTION_ID);
    target?.scrollIntoView({ behavior: "smooth", block: "start" });
    document.getElementById(tabIds("tokens", "wallet").tab)?.focus({ preventScroll: true });
  }, []);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <TokensHero />
      <BuyBanner onGoToWallet={goToWallet} userId={user?.id ?? null} onSignIn={onSignIn} />
      <WhatYouCanDo poolCoin={market?.pool ? market.nativeSymbol : null} />

      <section id={WALLET_SECTION_ID} aria-label="Wallet and FAQ" className="scroll-mt-20">
        <TabList tabs={TABS} value={tab} onChange={setTab} idPrefix="tokens" label="Token page" />
        <TabPanel idPrefix="tokens" value={tab}>
          {tab === "wallet" ? (
            user ? (
              <WalletTab user={user} />
            ) : (
              <SignInPrompt onSignIn={onSignIn} />
            )
          ) : (
            <FaqTab onOpenWallet={goToWallet} />
          )}
        </TabPanel>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <ExchangeMarkets render={(market) => <ExchangePanel key={market.chainId} market={market} />} />
      </div>
      <SupportedWallets />
    </div>
  );
}
