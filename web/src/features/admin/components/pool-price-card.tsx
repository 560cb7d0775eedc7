import type { ExchangeMarket } from "@loop/rules/schemas/exchange";
import { ArrowLeftRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { TitledCard } from "@/components/ui/titled-card";
import { formatChangeBps, formatLoopPerCoin, formatUsdMicros } from "@/lib/exchange-format";
import { useExchangeMarkets } from "@/lib/get-exchange-markets";

/** The platform's rate, 500 LOOP = $1, as a LOOP price. */
const PLATFORM_PRICE = "$0.002000";

function MarketRow({ market }: { market: ExchangeMarket }) {
  const pool = market.pool;
  const label = `${market.chainName} (chain ${market.chainId})`;
  if (!pool) {
    return (
      <li aria-label={label} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">No pool yet</span>
      </li>
    );
  }
  const gap = pool.platformGapBps;
  return (
    <li aria-label={label} className="grid gap-2 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {label} · {market.exchange?.name}
        </span>
        {gap === null ? (
          <Badge variant="outline">No {market.nativeSymbol} price configured</Badge>
        ) : (
          <Badge variant={Math.abs(gap) > 500 ? "warning" : "success"} data-testid={`pool-gap-${market.chainId}`}>
            Gap {formatChangeBps(gap)}
          </Badge>
        )}
      </div>
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Pool price</dt>
          <dd className="font-semibold tabular-nums" data-testid={`pool-price-${market.chainId}`}>
            {pool.usdMicrosPerLoop !== null
              ? formatUsdMicros(pool.usdMicrosPerLoop)
              : formatLoopPerCoin(pool.loopPerNative, market.nativeSymbol)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Platform rate</dt>
          <dd className="font-semibold tabular-nums">{PLATFORM_PRICE} (500 LOOP = $1)</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Pool</dt>
          <dd className="tabular-nums">{formatLoopPerCoin(pool.loopPerNative, market.nativeSymbol)}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The exchange pool's LOOP price beside the platform's rate and the gap between them (positive: LOOP is
 * dearer on the pool), per configured chain, from GET /api/exchange.
 */
export function PoolPriceCard() {
  const markets = useExchangeMarkets();
  return (
    <TitledCard
      icon={<ArrowLeftRight className="size-5 text-primary" aria-hidden />}
      title="Pool price and platform rate"
      description="LOOP on the exchange's pool against the in-app rate. Members buy at the pool's price; balances convert at the platform's."
    >
      {markets.isError ? (
        <LoadError message="The pool figures could not be loaded." onRetry={() => void markets.refetch()} />
      ) : !markets.data ? (
        <Skeleton className="h-20" />
      ) : (
        <ul className="grid gap-3">
          {markets.data.markets.map((market) => (
            <MarketRow key={market.chainId} market={market} />
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
