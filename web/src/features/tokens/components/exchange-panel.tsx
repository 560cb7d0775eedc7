import { BarChart3, ExternalLink, Info, Plus, Repeat, TrendingDown, TrendingUp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { type TokenNetwork, useLoopTokenAddress } from "../lib/networks";
import { DISPLAY_FIGURES_LABEL, DISPLAY_MARKET, formatChange, formatQuotePrice } from "../lib/display-market";
import { ContractAddress } from "./contract-address";

/**
 * An exchange panel below the tabs (docs/product.md#token-page): display-only market figures (fixed, labelled so,
 * never used in any amount), the contract address, network, trade / add-liquidity / token-info links
 * (new tab, no opener), trading pairs and the token's facts.
 */
export function ExchangePanel({ network }: { network: TokenNetwork }) {
  const state = useLoopTokenAddress(network.chainId);
  const address = state.status === "ready" ? state.address : null;
  const quote = DISPLAY_MARKET[network.chainId];
  const up = quote.change24h >= 0;
  const titleId = `exchange-panel-${network.chainId}`;
  const links = address
    ? [
        { label: "Trade", href: network.tradeUrl(address), icon: <Repeat aria-hidden /> },
        { label: "Add Liquidity", href: network.addLiquidityUrl(address), icon: <Plus aria-hidden /> },
        { label: "Token Info", href: network.tokenInfoUrl(address), icon: <Info aria-hidden /> },
      ]
    : [];

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-5 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
            <BarChart3 className="size-5 text-primary" aria-hidden />
            LOOP on {network.exchange}
          </h2>
          <p className="text-sm text-muted-foreground">{network.name}</p>
        </div>
        <Badge variant="outline">{network.standard}</Badge>
      </div>

      <div className="rounded-xl border border-dashed border-warning/40 bg-warning/5 p-4">
        <p className="text-xs font-semibold text-amber-200">{DISPLAY_FIGURES_LABEL}</p>
        <div className="mt-2 flex flex-wrap items-end gap-x-6 gap-y-2">
          <div>
            <p className="text-xs text-muted-foreground">Price</p>
            <p className="font-display text-2xl font-extrabold" data-testid={`display-price-${network.chainId}`}>
              {formatQuotePrice(quote.price)}
            </p>
          </div>
          <div>
            <p className="text-xs text-muted-foreground">24h change</p>
            <p className={cn("flex items-center gap-1 font-semibold", up ? "text-emerald-300" : "text-rose-300")}>
              {up ? <TrendingUp className="size-4" aria-hidden /> : <TrendingDown className="size-4" aria-hidden />}
              {formatChange(quote.change24h)}
            </p>
          </div>
          {[
            ["Volume (24h)", quote.volume24h],
            ["Liquidity", quote.liquidity],
            ["Holders", quote.holders],
          ].map(([label, value]) => (
            <div key={label}>
              <p className="text-xs text-muted-foreground">{label}</p>
              <p className="font-semibold">{value}</p>
            </div>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">In-app balances always convert at 500 LOOP = $1 USD.</p>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-1.5 sm:col-span-2">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Contract address</dt>
          <dd>
            <ContractAddress state={state} networkName={network.shortName} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Network</dt>
          <dd className="mt-1 font-medium">
            {network.name} (chain {network.chainId})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Token</dt>
          <dd className="mt-1 font-medium">LOOP · {network.standard} · 18 decimals</dd>
        </div>
      </dl>

      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Trading pairs</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {network.pairs.map((pair) => (
            <li key={pair}>
              <Badge variant="default">{pair}</Badge>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        {links.length > 0
          ? links.map((link) => (
              <Button key={link.label} asChild size="sm" variant={link.label === "Trade" ? "default" : "outline"}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.icon}
                  {link.label}
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            ))
          : ["Trade", "Add Liquidity", "Token Info"].map((label) => (
              <Button key={label} size="sm" variant="outline" disabled>
                {label}
              </Button>
            ))}
      </div>
    </Card>
  );
}
