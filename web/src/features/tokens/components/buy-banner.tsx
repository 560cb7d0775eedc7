import { ArrowDown, ExternalLink, ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The third-party wallet site of the 'Get a Wallet' button (opens in a new tab). */
export const WALLET_SITE_URL = "https://trustwallet.com/";

/** 'Buy LOOP Tokens' banner (docs/product.md#token-page): one button goes to the wallet section, one to a wallet site. */
export function BuyBanner({ onGoToWallet }: { onGoToWallet: () => void }) {
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
            Order tokens from our team, or trade LOOP on a decentralised exchange with your own crypto wallet.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onGoToWallet}>
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
