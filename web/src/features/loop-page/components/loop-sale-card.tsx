import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatUsdCents } from "@/lib/loop-amounts";
import { formatHint, formatLoopPrice, formatRating } from "@/lib/loop-format";
import { usePlatformSettings } from "@/lib/platform-settings";
import { feePercent, purchaseQuote } from "@/lib/price-quote";
import { cn } from "@/lib/utils";
import { ShareLoopButton } from "./share-loop-button";

export interface LoopSaleCardProps {
  loop: PublicLoop;
  /** The formats the viewer owns (shown "Owned"). */
  owned: readonly DeliveryFormat[];
  /** The average rating and how many (the loop's, or what the viewer's rating made them). */
  rating: { average: number | null; total: number };
  /** Buy, Make Offer, Download; nothing when there is none. */
  actions?: ReactNode;
  /** Beside Share: the heart, and "Add to collection" for members. */
  social?: ReactNode;
  /** Under the rating: the stars for a viewer who may rate. */
  rate?: ReactNode;
  /** The dialogs the actions open. */
  children?: ReactNode;
}

/**
 * The side of a loop's page that sells it (issue 36): the price, the formats with their prices (the
 * price plus the format's fee of GET /api/config, or free), then what the app puts there (Buy, Make
 * Offer, Download, Like, Add to collection), Share, and the rating.
 */
export function LoopSaleCard({ loop, owned, rating, actions, social, rate, children }: LoopSaleCardProps) {
  return (
    <Card aria-labelledby="loop-page-buy" className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="loop-page-buy" className="text-sm font-semibold text-muted-foreground">
          Price
        </h2>
        <p
          className={cn("font-display text-3xl font-extrabold", loop.isFree ? "text-emerald-300" : "text-foreground")}
          data-testid="loop-page-price"
        >
          {formatLoopPrice(loop)}
        </p>
      </div>

      <FormatPrices loop={loop} owned={owned} />

      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}

      <div className="flex flex-wrap items-center gap-1 border-t border-border pt-4">
        {social}
        <ShareLoopButton loopId={loop.id} className="ml-auto" />
      </div>

      <div className="grid gap-2 border-t border-border pt-4 text-sm" data-testid="loop-page-rating">
        <p className="flex items-center gap-1.5">
          <Star className="size-4 fill-amber-300 text-amber-300" aria-hidden />
          {rating.total > 0 && rating.average !== null ? (
            <>
              <span className="font-semibold">{formatRating(rating.average)}</span>{" "}
              <span className="text-muted-foreground">
                out of 5 ({rating.total} {rating.total === 1 ? "rating" : "ratings"})
              </span>
            </>
          ) : (
            <span className="text-muted-foreground">No ratings yet</span>
          )}
        </p>
        {rate}
      </div>
      {children}
    </Card>
  );
}

/** Each format with what it costs: the price plus its fee (the platform's current rates), "Free", or "Owned". */
function FormatPrices({ loop, owned }: { loop: PublicLoop; owned: readonly DeliveryFormat[] }) {
  const { formatFeeBps } = usePlatformSettings();
  return (
    <section aria-labelledby="loop-page-formats">
      <h3 id="loop-page-formats" className="mb-2 text-sm font-semibold">
        Formats
      </h3>
      <ul className="grid gap-2" data-testid="loop-formats">
        {DELIVERY_FORMATS.map((format) => {
          const hint = formatHint(format, loop.mp3Kbps);
          const quote = loop.isFree ? null : purchaseQuote(loop.price, format, BigInt(formatFeeBps[format]));
          return (
            <li key={format} className="flex items-baseline justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm">
              <span>
                <span className="font-semibold">{format.toUpperCase()}</span>
                {hint ? <span className="text-muted-foreground"> · {hint}</span> : null}
              </span>
              <span className="text-right">
                {owned.includes(format) ? (
                  <span className="font-semibold text-emerald-300">Owned</span>
                ) : loop.isFree ? (
                  <span className="font-semibold text-emerald-300">Free</span>
                ) : quote ? (
                  <>
                    <span className="font-semibold tabular-nums">{formatUsdCents(quote.totalCents)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatUsdCents(quote.priceCents)} + {feePercent(format, quote.feeBps)} fee
                    </span>
                  </>
                ) : (
                  formatLoopPrice(loop)
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
