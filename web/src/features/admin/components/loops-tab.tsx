import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import { EyeOff, Globe, Lock, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { formatCount } from "@/lib/format";
import { useAdminLoops } from "../api/get-admin-loops";
import { useSetLoopModeration } from "../api/set-loop-moderation";
import { useSetLoopVisibility } from "../api/set-loop-visibility";
import { usdText } from "../lib/admin-format";
import { updateToasts } from "../lib/update-toasts";
import { HideLoopDialog, MODERATION_FAILED_TEXT } from "./hide-loop-dialog";
import { AdminRow, Figure } from "./admin-row";
import { SearchableList, useSearchPaging } from "./searchable-list";

export const LOOPS_PAGE_SIZE = 20;

/** Loops (docs/product.md#admin-dashboard): search by title or creator; visibility and moderation. */
export function LoopsTab() {
  const paging = useSearchPaging(LOOPS_PAGE_SIZE);
  const loops = useAdminLoops(paging.params);
  const [hideTarget, setHideTarget] = useState<{ id: string; title: string } | null>(null);

  return (
    <div className="grid gap-4">
      <SearchableList
        paging={paging}
        placeholder="Search by title or creator"
        query={loops}
        items={loops.data?.loops}
        noun="loops"
        skeletonClassName="h-20"
      >
        {(loop) => <LoopRow key={loop.id} loop={loop} onHide={() => setHideTarget({ id: loop.id, title: loop.title })} />}
      </SearchableList>
      <HideLoopDialog loop={hideTarget} onOpenChange={(open) => !open && setHideTarget(null)} />
    </div>
  );
}

const STATUS_BADGES = {
  processing: <Badge variant="warning">Processing</Badge>,
  failed: <Badge variant="destructive">Failed</Badge>,
  ready: null,
  hidden: null,
  removed: <Badge variant="outline">Taken down</Badge>,
} as const;

function LoopRow({ loop, onHide }: { loop: AdminLoop; onHide: () => void }) {
  const visibility = useSetLoopVisibility();
  const moderation = useSetLoopModeration();
  const creator = loop.creator.username || loop.creator.firstName || loop.creator.email || "Unknown Artist";

  const toggleVisibility = () =>
    visibility.mutate(
      { loopId: loop.id, isPublic: !loop.isPublic },
      updateToasts(
        "Visibility Updated",
        (updated) => `"${updated.title}" is now ${updated.isPublic ? "public" : "private"}.`,
        MODERATION_FAILED_TEXT,
      ),
    );

  const restore = () =>
    moderation.mutate(
      { loopId: loop.id, hidden: false, reason: null },
      updateToasts("Loop Restored", (updated) => `"${updated.title}" is back in the catalog.`, MODERATION_FAILED_TEXT),
    );

  return (
    <AdminRow
      name={loop.title}
      badges={
        <>
          {loop.isPublic ? <Badge variant="success">Public</Badge> : <Badge variant="outline">Private</Badge>}
          {loop.status === "hidden" ? <Badge variant="destructive">Hidden</Badge> : STATUS_BADGES[loop.status]}
          {loop.contentType === "track" ? <Badge variant="accent">Track</Badge> : null}
        </>
      }
      details={
        loop.status === "hidden" && loop.hiddenReason ? <p className="mt-1 text-sm text-rose-200">Hidden: {loop.hiddenReason}</p> : null
      }
      figures={
        <>
          <Figure term="Creator" plain>
            {creator}
          </Figure>
          <Figure term="Price">{loop.isFree ? "FREE" : usdText(loop.price)}</Figure>
          <Figure term="Downloads">{formatCount(loop.downloadCount)}</Figure>
          <Figure term="Sales">{formatCount(loop.purchaseCount)}</Figure>
        </>
      }
      actions={
        <>
          <PendingButton
            variant="outline"
            size="sm"
            onClick={toggleVisibility}
            pending={visibility.isPending}
            icon={loop.isPublic ? Lock : Globe}
          >
            {loop.isPublic ? "Make Private" : "Make Public"}
          </PendingButton>
          {loop.status === "hidden" ? (
            <PendingButton variant="secondary" size="sm" onClick={restore} pending={moderation.isPending} icon={RotateCcw}>
              Restore
            </PendingButton>
          ) : (
            <Button
              variant="destructive"
              size="sm"
              onClick={onHide}
              disabled={loop.status !== "ready"}
              title={loop.status !== "ready" ? "Only a processed loop can be hidden" : undefined}
            >
              <EyeOff aria-hidden />
              Hide
            </Button>
          )}
        </>
      }
    />
  );
}
