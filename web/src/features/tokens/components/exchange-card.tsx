import { ExternalLink, Plus, Repeat } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type TokenNetwork, useLoopTokenAddress } from "../lib/networks";
import { ContractAddress } from "./contract-address";

/**
 * A decentralised-exchange card of the My Wallet tab (docs/product.md#token-page): the network's LoopToken contract
 * with Copy, and Trade / Add Liquidity on the network's exchange (new tab). Without a deployment
 * the links are not offered.
 */
export function ExchangeCard({ network }: { network: TokenNetwork }) {
  const state = useLoopTokenAddress(network.chainId);
  const address = state.status === "ready" ? state.address : null;
  const titleId = `exchange-card-${network.chainId}`;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="font-semibold">
            {network.exchange} · {network.name}
          </h3>
          <p className="text-sm text-muted-foreground">{network.shortName} mainnet</p>
        </div>
        <Badge variant="outline">{network.standard}</Badge>
      </div>
      <div className="grid gap-1.5">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Contract address</p>
        <ContractAddress state={state} networkName={network.shortName} />
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        {address ? (
          <>
            <Button asChild size="sm">
              <a href={network.tradeUrl(address)} target="_blank" rel="noopener noreferrer">
                <Repeat aria-hidden />
                Trade
                <ExternalLink aria-hidden />
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={network.addLiquidityUrl(address)} target="_blank" rel="noopener noreferrer">
                <Plus aria-hidden />
                Add Liquidity
                <ExternalLink aria-hidden />
              </a>
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" disabled>
              <Repeat aria-hidden />
              Trade
            </Button>
            <Button size="sm" variant="outline" disabled>
              <Plus aria-hidden />
              Add Liquidity
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
