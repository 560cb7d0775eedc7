import { HIDE_REASON_MAX } from "@loop/rules/schemas/admin-loops";
import { EyeOff } from "lucide-react";
import { useSetLoopModeration } from "../api/set-loop-moderation";
import { ReasonDialog } from "./reason-dialog";

export const MODERATION_FAILED_TEXT = "Failed to update the loop.";

export interface HideLoopDialogProps {
  /** The loop to hide; null: closed. */
  loop: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** Hide Loop: takes a loop out of the catalog, search and profiles; the reason is sent to its creator. */
export function HideLoopDialog({ loop, onOpenChange }: HideLoopDialogProps) {
  const moderate = useSetLoopModeration();
  return (
    <ReasonDialog
      subject={loop}
      onOpenChange={onOpenChange}
      title="Hide Loop"
      description={
        loop
          ? `"${loop.title}" leaves the catalog, search and profiles; its buyers keep their downloads. The creator is told the reason.`
          : null
      }
      fieldId="hide-reason"
      maxLength={HIDE_REASON_MAX}
      submitLabel="Hide"
      submitIcon={EyeOff}
      mutation={moderate}
      variables={(hidden, reason) => ({ loopId: hidden.id, hidden: true, reason })}
      succeeded={(hidden) => ["Loop Hidden", `"${hidden.title}" no longer appears in the catalog.`]}
      failedText={MODERATION_FAILED_TEXT}
    />
  );
}
