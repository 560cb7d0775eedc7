import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { Loader2, RotateCcw, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";

/** The upload under way: its progress and Cancel upload. */
export function UploadingState({ file, percent, onCancel }: { file: File | null; percent: number; onCancel: () => void }) {
  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          <span className="truncate">Uploading {file?.name ?? "your file"}…</span>
        </span>
        <span className="font-semibold tabular-nums" aria-live="polite">
          {percent}%
        </span>
      </div>
      <Progress value={percent} label="Upload progress" />
      <p className="text-xs text-muted-foreground">
        {percent >= 100 ? "Upload complete, checking the file…" : "Keep this tab open until the upload finishes."}
      </p>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}

/** The server is processing the upload (the dialog may be closed meanwhile). */
export function ProcessingState({ loop, pollFailed, onClose }: { loop: CreatorLoop; pollFailed: boolean; onClose: () => void }) {
  return (
    <div className="mt-6 grid gap-4" role="status" aria-live="polite">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/15">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-semibold">Processing "{loop.title}"</p>
          <p className="text-sm text-muted-foreground">
            Decoding the audio, drawing the waveform, detecting BPM and key and making the preview. This takes a few seconds.
          </p>
        </div>
      </div>
      <Progress value={null} label="Processing" />
      {pollFailed ? <p className="text-xs text-warning">Could not reach the server to check on it; still trying…</p> : null}
      <p className="text-xs text-muted-foreground">You can close this window: the upload keeps processing and shows in My Loops.</p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

/** The processing failed: the reason, and another file with the details kept. */
export function FailedState({ loop, onRetry, onClose }: { loop: CreatorLoop; onRetry: () => void; onClose: () => void }) {
  return (
    <div className="mt-6 grid gap-4">
      <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4">
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div>
          <p className="font-semibold text-rose-200">Processing Failed</p>
          <p className="mt-1 text-sm text-rose-100/90">{loop.failureReason ?? "The audio could not be processed."}</p>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">Your details are kept: choose another file and upload again.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden />
          Try another file
        </Button>
      </div>
    </div>
  );
}
