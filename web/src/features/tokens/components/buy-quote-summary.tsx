import type { SwapQuote } from "@loop/rules/exchange-quote";
import { formatWalletLoop } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { BuyDestination } from "../lib/buy-with-eth";
import { percentText } from "../lib/buy-with-eth";

/** A wei amount for the summary, at most 8 decimals (rounded down): "0.00066889 ETH". */
function amountText(wei: bigint, unit: string): string {
  const shown = wei - (wei % 10n ** 10n);
  return `${formatWalletLoop(shown > 0n ? shown : wei)} ${unit}`;
}

/** What the pool quotes for the amount typed: the other side, the price impact and the bound the swap is sent with. */
export function BuyQuoteSummary({ quote, coin, destination }: { quote: SwapQuote; coin: string; destination: BuyDestination }) {
  const exactOutToWallet = quote.side === "receive" && destination === "wallet";
  const rows: [label: string, value: string, testId: string][] = [
    ["You pay", `${quote.side === "receive" ? "≈ " : ""}${amountText(quote.amountIn, coin)}`, "buy-quote-pay"],
    ["You receive", `${quote.side === "spend" ? "≈ " : ""}${amountText(quote.amountOut, "LOOP")}`, "buy-quote-receive"],
    ["Price impact", percentText(quote.priceImpactBps), "buy-quote-impact"],
    exactOutToWallet
      ? ["Maximum paid", amountText(quote.maximumIn, coin), "buy-quote-bound"]
      : ["Minimum received", amountText(quote.minimumOut, "LOOP"), "buy-quote-bound"],
  ];
  return (
    <dl className="grid gap-1.5 rounded-lg border border-border bg-surface/60 px-3.5 py-3 text-sm" aria-label="Quote">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn("font-medium", label === "You receive" && "text-emerald-300")} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
      <p className="mt-1 text-xs text-muted-foreground">
        The pool&apos;s price, refreshed with every block; a quote older than 30 seconds is not sent. Slippage{" "}
        {percentText(quote.slippageBps)}.
      </p>
    </dl>
  );
}
