import type { PublicLoop } from "@loop/rules/schemas/loops";
import { AlertTriangle } from "lucide-react";
import { useLoopStatus } from "../api/get-loop-status";

/**
 * The owner's uploads whose processing failed, each with the reason (only the creator's status
 * call gives it); their cards below carry the Failed badge.
 */
export function FailedUploads({ loops }: { loops: PublicLoop[] }) {
  const failed = loops.filter((loop) => loop.status === "failed");
  if (failed.length === 0) return null;
  return (
    <div role="region" aria-label="Failed uploads" className="mb-6 rounded-xl border border-destructive/40 bg-destructive/10 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-rose-200">
        <AlertTriangle className="size-4" aria-hidden />
        {failed.length === 1 ? "1 upload could not be processed" : `${failed.length} uploads could not be processed`}
      </p>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {failed.map((loop) => (
          <li key={loop.id}>
            <span className="font-semibold">{loop.title}</span>
            <FailureReason loopId={loop.id} />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">Upload the audio again (or another file) to list it.</p>
    </div>
  );
}

function FailureReason({ loopId }: { loopId: string }) {
  const status = useLoopStatus(loopId);
  const reason = status.data?.failureReason;
  return reason ? <span className="text-rose-100/90">{`: ${reason}`}</span> : null;
}
