import type { ExchangeMarket } from "@loop/rules/schemas/exchange";
import { BarChart3, ExternalLink, Info, Plus, Repeat } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NO_POOL_YET, tokenInfoUrl, tokenStandardOf } from "../lib/networks";
import { ContractAddress } from "./contract-address";
import { ExchangeFigures } from "./exchange-figures";

/**
 * An exchange panel below the tabs (docs/product.md#token-page): a configured chain's live pool figures from the
 * indexed pool (price, 24-hour change, volume, liquidity), the contract address, network, the pair,
 * and trade / add-liquidity / token-info links (new tab, no opener) where the exchange has a site.
 */
export function ExchangePanel({ market }: { market: ExchangeMarket }) {
  const titleId = `exchange-panel-${market.chainId}`;
  const info = market.token ? tokenInfoUrl(market.chainId, market.token) : null;
  const links = [
    ...(market.links
      ? [
          { label: "Trade", href: market.links.trade, icon: <Repeat aria-hidden /> },
          { label: "Add Liquidity", href: market.links.addLiquidity, icon: <Plus aria-hidden /> },
        ]
      : []),
    ...(info ? [{ label: "Token Info", href: info, icon: <Info aria-hidden /> }] : []),
  ];

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-5 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
            <BarChart3 className="size-5 text-primary" aria-hidden />
            LOOP on {market.exchange?.name ?? market.chainName}
          </h2>
          <p className="text-sm text-muted-foreground">{market.chainName}</p>
        </div>
        <Badge variant="outline">{tokenStandardOf(market.chainId)}</Badge>
      </div>

      <div className="rounded-xl border border-border bg-surface/40 p-4">
        {market.pool ? (
          <>
            <ExchangeFigures market={market} pool={market.pool} />
            <p className="mt-2 text-xs text-muted-foreground">
              Live from the pool
              {market.exchange?.nativeUsdCents ? ` (USD at ${market.nativeSymbol} = $${market.exchange.nativeUsdCents / 100})` : ""}. In-app
              balances always convert at 500 LOOP = $1 USD.
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground italic" data-testid={`no-pool-${market.chainId}`}>
            {NO_POOL_YET}
          </p>
        )}
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-1.5 sm:col-span-2">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Contract address</dt>
          <dd>
            <ContractAddress state={{ status: "ready", address: market.token }} networkName={market.chainName} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Network</dt>
          <dd className="mt-1 font-medium">
            {market.chainName} (chain {market.chainId})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Trading pair</dt>
          <dd className="mt-1 font-medium">{market.exchange ? `LOOP/${market.nativeSymbol}` : "None yet"}</dd>
        </div>
      </dl>

      {links.length > 0 ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {links.map((link) => (
            <Button key={link.label} asChild size="sm" variant={link.label === "Trade" ? "default" : "outline"}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.icon}
                {link.label}
                <ExternalLink aria-hidden />
              </a>
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
