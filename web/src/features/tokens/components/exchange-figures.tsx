import type { ExchangeMarket, ExchangePool } from "@loop/rules/schemas/exchange";
import { TrendingDown, TrendingUp } from "lucide-react";
import { formatChangeBps, formatLoopPerCoin, formatUsdMicros, formatValue } from "@/lib/exchange-format";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The pool's LOOP price: in USD at the configured coin price, else LOOP per coin. */
export function poolPriceText(pool: ExchangePool, coin: string): string {
  return pool.usdMicrosPerLoop !== null ? formatUsdMicros(pool.usdMicrosPerLoop) : formatLoopPerCoin(pool.loopPerNative, coin);
}

/** LOOP's 24-hour change, green up and red down. */
export function ChangeBadge({ bps }: { bps: number | null }) {
  if (bps === null) return <span className="text-muted-foreground">—</span>;
  const up = bps >= 0;
  return (
    <span className={cn("flex items-center gap-1 font-semibold", up ? "text-emerald-300" : "text-rose-300")}>
      {up ? <TrendingUp className="size-4" aria-hidden /> : <TrendingDown className="size-4" aria-hidden />}
      {formatChangeBps(bps)}
    </span>
  );
}

/** The live figures of a market's pool (price, change, volume, liquidity), read from the indexed pool. */
export function ExchangeFigures({ market, pool }: { market: ExchangeMarket; pool: ExchangePool }) {
  const coin = market.nativeSymbol;
  const figures: [string, string][] = [
    ["Volume (24h)", formatValue(pool.volume24h.usdCents, pool.volume24h.native, coin)],
    ["Trades (24h)", formatCount(pool.volume24h.swaps)],
    ["Liquidity", formatValue(pool.liquidity.usdCents, pool.liquidity.native, coin)],
  ];
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
      <div>
        <p className="text-xs text-muted-foreground">Price</p>
        <p className="font-display text-2xl font-extrabold" data-testid={`pool-price-${market.chainId}`}>
          {poolPriceText(pool, coin)}
        </p>
      </div>
      <div>
        <p className="text-xs text-muted-foreground">24h change</p>
        <ChangeBadge bps={pool.change24hBps} />
      </div>
      {figures.map(([label, value]) => (
        <div key={label}>
          <p className="text-xs text-muted-foreground">{label}</p>
          <p className="font-semibold" data-testid={`pool-${label.split(" ")[0]!.toLowerCase()}-${market.chainId}`}>
            {value}
          </p>
        </div>
      ))}
    </div>
  );
}
