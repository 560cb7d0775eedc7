import type { ButtonProps } from "@/components/ui/button";
import { Coins } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useClientConfig } from "@/lib/client-config";
import { useExchangeMarkets } from "@/lib/get-exchange-markets";
import { nativeCoinOf } from "@loop/rules/chains";
import { buyMarketOf } from "../lib/buy-with-eth";
import { BuyWithEthDialog } from "./buy-with-eth-dialog";

/**
 * "Buy with ETH" (BNB on BNB Smart Chain) for the app's default chain, where the LOOP is credited; disabled
 * with "No pool yet" when that chain's exchange has no LOOP pool.
 */
export function BuyWithEthButton({ userId, size, variant }: { userId: string } & Pick<ButtonProps, "size" | "variant">) {
  const [open, setOpen] = useState(false);
  const config = useClientConfig();
  const markets = useExchangeMarkets();
  const chainId = config.data?.defaultChainId;
  const market = markets.data?.markets.find((candidate) => candidate.chainId === chainId);
  const buyable = market ? buyMarketOf(market) : null;
  const coin = chainId !== undefined ? nativeCoinOf(chainId) : "ETH";
  const unavailable = !buyable && !markets.isPending && !config.isPending;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        disabled={!buyable}
        onClick={() => setOpen(true)}
        title={unavailable ? `No pool yet on ${market?.chainName ?? "this network"}` : undefined}
      >
        <Coins aria-hidden />
        Buy with {coin}
      </Button>
      {unavailable ? (
        <span className="text-xs text-muted-foreground" data-testid="buy-no-pool">
          No pool yet on {market?.chainName ?? "this network"}
        </span>
      ) : null}
      {/* Mounted when opened: the dialog reads the pool through the wallet stack, which a page loads only on demand. */}
      {buyable && open ? <BuyWithEthDialog open={open} onOpenChange={setOpen} market={buyable} userId={userId} /> : null}
    </>
  );
}
