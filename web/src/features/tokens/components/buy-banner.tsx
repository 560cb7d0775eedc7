import { ArrowDown, ExternalLink, LogIn, ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useDefaultMarket } from "../lib/default-market";
import { BuyWithEthButton } from "./buy-with-eth-button";

/** The third-party wallet site of the 'Get a Wallet' button (opens in a new tab). */
export const WALLET_SITE_URL = "https://trustwallet.com/";

export interface BuyBannerProps {
  onGoToWallet: () => void;
  /** The signed-in member (Buy with ETH credits them); null for a visitor, who is asked to sign in. */
  userId: string | null;
  onSignIn: () => void;
}

/** What the banner offers: the coin and the pool only where the default chain's exchange has one. */
function BuyBannerText() {
  const { market, known } = useDefaultMarket();
  if (market?.pool) {
    return (
      <>
        Connect your wallet, choose the amount and pay with {market.nativeSymbol} through the {market.exchange?.name ?? "exchange's"} pool;
        or order tokens from our team.
      </>
    );
  }
  if (known && market)
    return (
      <>
        Order tokens from our team. Buying with {market.nativeSymbol} opens once {market.chainName}&apos;s exchange has a LOOP pool.
      </>
    );
  return <>Order tokens from our team, or pay with your wallet&apos;s coin through the exchange&apos;s pool where there is one.</>;
}

/**
 * 'Buy LOOP Tokens' banner (docs/product.md#token-page): Buy with ETH (BNB) through the exchange's pool (a visitor
 * signs in first), the wallet section (orders from the team), and a wallet site.
 */
export function BuyBanner({ onGoToWallet, userId, onSignIn }: BuyBannerProps) {
  return (
    <section
      aria-labelledby="buy-banner-title"
      className="flex flex-col gap-4 rounded-2xl border border-highlight/30 bg-gradient-to-r from-highlight/10 via-card to-primary/10 p-6 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-highlight/15 text-cyan-200">
          <ShoppingCart className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="buy-banner-title" className="text-lg font-semibold">
            Buy LOOP Tokens
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <BuyBannerText />
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {userId ? (
          <BuyWithEthButton userId={userId} />
        ) : (
          <Button onClick={onSignIn}>
            <LogIn aria-hidden />
            Log in to buy
          </Button>
        )}
        <Button variant="outline" onClick={onGoToWallet}>
          <ArrowDown aria-hidden />
          Buy Now
        </Button>
        <Button asChild variant="outline">
          <a href={WALLET_SITE_URL} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            Get a Wallet
          </a>
        </Button>
      </div>
    </section>
  );
}
