import { Star } from "lucide-react";
import { useState } from "react";
import type { RatingResult } from "@loop/rules/schemas/ratings";
import { getServerMessage } from "@/lib/api-client";
import { toastFromMessage } from "@/lib/server-toast";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useRateLoop } from "../api/rate-loop";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1–5 stars for a loop the viewer bought or downloaded (a second choice changes the rating). The
 * server decides who may rate: its refusal (403) is shown as it says it.
 */
export function RatingControl({
  loopId,
  title,
  myRating,
  onRated,
}: {
  loopId: string;
  title: string;
  myRating: number | null;
  onRated?: (result: RatingResult) => void;
}) {
  const rate = useRateLoop();
  const [chosen, setChosen] = useState<number | null>(myRating);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? chosen ?? 0;

  const choose = (rating: number) => {
    rate.mutate(
      { loopId, rating },
      {
        onSuccess: (result) => {
          setChosen(result.myRating);
          onRated?.(result);
          toast({ title: "Rating Saved", description: `You rated "${title}" ${result.myRating} out of 5.`, variant: "success" });
        },
        onError: (error) =>
          toast(toastFromMessage(getServerMessage(error, "Failed to save your rating. Please try again."), "Rating Failed")),
      },
    );
  };

  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      <span id={`rate-${loopId}`}>{chosen ? "Your rating" : "Rate this loop"}</span>
      <div role="radiogroup" aria-labelledby={`rate-${loopId}`} className="flex" onMouseLeave={() => setHover(null)}>
        {STARS.map((star) => (
          <button
            key={star}
            type="button"
            role="radio"
            aria-checked={chosen === star}
            aria-label={`${star} ${star === 1 ? "star" : "stars"}`}
            disabled={rate.isPending}
            onMouseEnter={() => setHover(star)}
            onFocus={() => setHover(star)}
            onBlur={() => setHover(null)}
            onClick={() => choose(star)}
            className="cursor-pointer rounded p-0.5 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-wait"
          >
            <Star className={cn("size-4", star <= shown ? "fill-amber-300 text-amber-300" : "text-muted-foreground/60")} aria-hidden />
          </button>
        ))}
      </div>
    </div>
  );
}
