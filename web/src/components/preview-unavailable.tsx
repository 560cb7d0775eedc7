import { AlertCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** In place of a preview's waveform when its audio could not be played; `className` sizes it like the waveform. */
export function PreviewUnavailable({ className }: { className?: string }) {
  return (
    <p className={cn("flex items-center gap-1.5 text-xs text-muted-foreground", className)}>
      <AlertCircle className="size-3.5" aria-hidden />
      Preview unavailable
    </p>
  );
}
