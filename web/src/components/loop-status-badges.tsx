import type { PublicLoop } from "@loop/rules/schemas/loops";
import { AlertTriangle, EyeOff, Loader2, ShieldAlert } from "lucide-react";
import { cn } from "@/lib/utils";
import { Badge } from "./ui/badge";

/**
 * The owner's view of their own loop's state, on its card and its page: processing, failed, hidden
 * by a moderator (the notification they got says why), private. Nothing for a ready, public loop.
 */
export function LoopStatusBadges({ loop, className }: { loop: PublicLoop; className?: string }) {
  const processing = loop.status === "processing";
  const failed = loop.status === "failed";
  const hidden = loop.status === "hidden";
  if (!processing && !failed && !hidden && loop.isPublic) return null;
  return (
    <div className={cn("flex flex-wrap gap-1.5", className)}>
      {processing ? (
        <Badge variant="warning">
          <Loader2 className="animate-spin" aria-hidden />
          Processing
        </Badge>
      ) : null}
      {failed ? (
        <Badge variant="destructive">
          <AlertTriangle aria-hidden />
          Failed
        </Badge>
      ) : null}
      {hidden ? (
        <Badge
          variant="destructive"
          title="Hidden from the catalog by a moderator: the notification you got says why. Buyers keep their downloads."
        >
          <ShieldAlert aria-hidden />
          Hidden by a moderator
        </Badge>
      ) : null}
      {!loop.isPublic ? (
        <Badge variant="outline">
          <EyeOff aria-hidden />
          Private
        </Badge>
      ) : null}
    </div>
  );
}
