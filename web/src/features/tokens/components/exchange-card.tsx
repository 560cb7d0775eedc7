import type { ExchangeMarket } from "@loop/rules/schemas/exchange";
import { ExternalLink, Plus, Repeat } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NO_POOL_YET, tokenStandardOf } from "../lib/networks";
import { ContractAddress } from "./contract-address";
import { ChangeBadge, poolPriceText } from "./exchange-figures";

/**
 * A decentralised-exchange card of the My Wallet tab (docs/product.md#token-page): a configured chain's LoopToken
 * with Copy, the pool's price and 24-hour change (GET /api/exchange), and Trade / Add Liquidity on the
 * exchange's own site (new tab) where it has one; "No pool yet" where there is no pool.
 */
export function ExchangeCard({ market }: { market: ExchangeMarket }) {
  const titleId = `exchange-card-${market.chainId}`;
  const pool = market.pool;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="font-semibold">
            {market.exchange?.name ?? "No exchange"} · {market.chainName}
          </h3>
          <p className="text-sm text-muted-foreground">LOOP/{market.nativeSymbol}</p>
        </div>
        <Badge variant="outline">{tokenStandardOf(market.chainId)}</Badge>
      </div>
      <div className="grid gap-1.5">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Contract address</p>
        <ContractAddress state={{ status: "ready", address: market.token }} networkName={market.chainName} />
      </div>
      {pool ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="font-semibold" data-testid={`card-price-${market.chainId}`}>
            {poolPriceText(pool, market.nativeSymbol)}
          </span>
          <ChangeBadge bps={pool.change24hBps} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground italic">{NO_POOL_YET}</p>
      )}
      {market.links ? (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild size="sm">
            <a href={market.links.trade} target="_blank" rel="noopener noreferrer">
              <Repeat aria-hidden />
              Trade
              <ExternalLink aria-hidden />
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={market.links.addLiquidity} target="_blank" rel="noopener noreferrer">
              <Plus aria-hidden />
              Add Liquidity
              <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>
      ) : pool ? (
        <p className="mt-auto text-xs text-muted-foreground">
          This pool has no public exchange site: buy here with Buy with {market.nativeSymbol}.
        </p>
      ) : null}
    </Card>
  );
}
