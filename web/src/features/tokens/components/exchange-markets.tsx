import type { ExchangeMarket } from "@loop/rules/schemas/exchange";
import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useExchangeMarkets } from "@/lib/get-exchange-markets";

/** Each configured chain's market (GET /api/exchange) rendered by `render`; skeletons while loading. */
export function ExchangeMarkets({ render }: { render: (market: ExchangeMarket) => ReactNode }) {
  const markets = useExchangeMarkets();
  if (markets.isError) return <LoadError message="The exchange figures could not be loaded." onRetry={() => void markets.refetch()} />;
  if (!markets.data) return <Skeleton className="h-40 w-full" />;
  return <>{markets.data.markets.map(render)}</>;
}
