import {
  BULK_ACTION_VISIBILITY,
  type BulkLoopAction,
  type BulkLoopsResponse,
  type MyLoop,
  type MyLoopSort,
} from "@loop/rules/schemas/my-loops";
import { Music2, Trash2 } from "lucide-react";
import { useState } from "react";
import { LoadMore } from "@/components/load-more";
import { SkeletonList } from "@/components/skeleton-list";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import { failureToast, outcomeToasts, successToast } from "@/lib/outcome-toasts";
import { toast } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";
import { useBulkUpdateLoops } from "../api/bulk-update-loops";
import { loadedRows, type MyLoopsSort, useMyLoops } from "../api/get-my-loops";
import { useRetryLoop } from "../api/retry-loop";
import { useTakeDownLoop } from "../api/take-down-loop";
import { loopCount, VISIBILITY_LABELS } from "../lib/my-loops-format";
import { EditLoopDialog } from "./edit-loop-dialog";
import { MyLoopsCards, MyLoopsTable, type RowActions } from "./my-loops-rows";
import { TakeDownDialog } from "./take-down-dialog";

/** The table from this width up; stacked cards below it (no sideways scrolling on a phone). */
const TABLE_QUERY = "(min-width: 1024px)";

const VISIBILITY_ACTIONS = ["make_public", "make_unlisted", "make_private"] as const;

/** What a take-down confirms: one row (DELETE) or the selected rows (the bulk call). */
interface TakeDownTarget {
  ids: string[];
  single: boolean;
}

/**
 * The own profile's My Loops (issue 37): every loop of the creator with its status, visibility,
 * price and all-time figures, sortable, paged by "Load more"; edit, retry and take down per row, and
 * bulk visibility changes and take-downs of the selected rows.
 */
export function MyLoopsSection({ emptyText }: { emptyText: string }) {
  const [sort, setSort] = useState<MyLoopsSort>({ sort: "recent", order: "desc" });
  const query = useMyLoops(sort);
  const rows = loadedRows(query.data?.pages);
  const total = query.data?.pages[0]?.total;
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const selected = rows.filter((row) => selection.has(row.id));
  const [editing, setEditing] = useState<MyLoop | null>(null);
  const [takeDown, setTakeDown] = useState<TakeDownTarget | null>(null);
  const bulk = useBulkUpdateLoops();
  const takeDownOne = useTakeDownLoop();
  const retry = useRetryLoop();
  const wide = useMediaQuery(TABLE_QUERY, true);

  const titleOf = (id: string) => rows.find((row) => row.id === id)?.title ?? "A loop";

  const toggle = (id: string, on: boolean) =>
    setSelection((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelection(on ? new Set(rows.map((row) => row.id)) : new Set());

  const chooseSort = (key: MyLoopSort) =>
    setSort((current) =>
      current.sort === key ? { sort: key, order: current.order === "desc" ? "asc" : "desc" } : { sort: key, order: "desc" },
    );

  const runBulk = (action: BulkLoopAction, ids: string[]) => {
    const titles = new Map(ids.map((id) => [id, titleOf(id)]));
    bulk.mutate(
      { loopIds: ids, action },
      {
        onSuccess: (result) => {
          showBulkOutcome(action, result, titles);
          setSelection(new Set());
          setTakeDown(null);
        },
        onError: (error) => {
          failureToast("Nothing was changed", error, "The loops could not be changed. Please try again.");
          setTakeDown(null);
        },
      },
    );
  };

  const confirmTakeDown = () => {
    if (!takeDown) return;
    if (!takeDown.single) return runBulk("take_down", takeDown.ids);
    const [id] = takeDown.ids as [string];
    const title = titleOf(id);
    takeDownOne.mutate(id, {
      onSuccess: () => {
        successToast("Loop taken down", `"${title}" left the catalog, search and profiles. Its buyers keep it in their libraries.`);
        toggle(id, false);
        setTakeDown(null);
      },
      onError: (error) => {
        failureToast("Take-down failed", error, "The loop could not be taken down. Please try again.");
        setTakeDown(null);
      },
    });
  };

  const actions: RowActions = {
    selection,
    onToggle: toggle,
    onEdit: setEditing,
    onTakeDown: (loop) => setTakeDown({ ids: [loop.id], single: true }),
    onRetry: (loop) =>
      retry.mutate(
        loop.id,
        outcomeToasts({
          success: "Processing again",
          description: `"${loop.title}" is being processed again.`,
          failure: "Retry failed",
          fallback: "The upload could not be processed again. Please try again.",
        }),
      ),
    retryingId: retry.isPending ? (retry.variables ?? null) : null,
  };
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const selectAll = {
    checked: allSelected,
    indeterminate: selected.length > 0 && !allSelected,
    onChange: toggleAll,
  };

  return (
    <section aria-labelledby="profile-loops-title">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="profile-loops-title" className="font-display flex items-center gap-2 text-2xl font-black tracking-tight">
          <Music2 className="size-5 text-primary" aria-hidden />
          My Loops
        </h2>
        {total !== undefined ? (
          <span className="text-sm text-muted-foreground" data-testid="my-loops-total">
            {loopCount(total)}
          </span>
        ) : null}
      </div>

      {query.isPending ? (
        <SkeletonList className="grid gap-2" aria-busy itemClassName="h-14 rounded-lg" />
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6 text-center text-sm text-rose-100">
          Your loops could not be loaded. Please reload the page.
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          <div
            role="toolbar"
            aria-label="Bulk actions"
            className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface/60 p-2"
          >
            <span className="px-1 text-sm text-muted-foreground" aria-live="polite">
              {selected.length === 0 ? "Select loops to change them together" : `${formatCount(selected.length)} selected`}
            </span>
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              {VISIBILITY_ACTIONS.map((action) => (
                <Button
                  key={action}
                  variant="outline"
                  size="sm"
                  disabled={selected.length === 0 || bulk.isPending}
                  onClick={() =>
                    runBulk(
                      action,
                      selected.map((row) => row.id),
                    )
                  }
                >
                  Make {VISIBILITY_LABELS[BULK_ACTION_VISIBILITY[action]].toLowerCase()}
                </Button>
              ))}
              <Button
                variant="destructive"
                size="sm"
                disabled={selected.length === 0 || bulk.isPending}
                onClick={() => setTakeDown({ ids: selected.map((row) => row.id), single: false })}
              >
                <Trash2 aria-hidden />
                Take down
              </Button>
            </div>
          </div>

          {wide ? (
            <MyLoopsTable rows={rows} sort={sort} onSort={chooseSort} selectAll={selectAll} actions={actions} />
          ) : (
            <MyLoopsCards rows={rows} sort={sort} onSortChange={setSort} selectAll={selectAll} actions={actions} />
          )}

          <p className="mt-3 text-xs text-muted-foreground">
            Showing {formatCount(rows.length)} of {loopCount(total ?? rows.length)}
          </p>
          <LoadMore query={query} label="Load more" noun="loops" compact />
        </>
      )}

      <EditLoopDialog loop={editing} onClose={() => setEditing(null)} />
      <TakeDownDialog
        count={takeDown?.ids.length ?? 0}
        pending={bulk.isPending || takeDownOne.isPending}
        onConfirm={confirmTakeDown}
        onCancel={() => setTakeDown(null)}
      />
    </section>
  );
}

const ACTION_DONE: Record<BulkLoopAction, string> = {
  make_public: "made public",
  make_unlisted: "made unlisted",
  make_private: "made private",
  take_down: "taken down",
};

/** The toast of a bulk action: how many loops it changed, and each refused one with its reason. */
function showBulkOutcome(action: BulkLoopAction, { results }: BulkLoopsResponse, titles: ReadonlyMap<string, string>) {
  const done = results.filter((result) => result.ok).length;
  const refused = results.filter((result) => !result.ok);
  const title =
    refused.length === 0
      ? `${loopCount(done)} ${ACTION_DONE[action]}`
      : `${formatCount(done)} of ${loopCount(results.length)} ${ACTION_DONE[action]}`;
  const description =
    refused.length === 0
      ? undefined
      : `Refused: ${refused.map((result) => `${titles.get(result.id) ?? "A loop"} (${result.message ?? "not changed"})`).join("; ")}`;
  toast({ title, description, variant: refused.length === 0 ? "success" : done === 0 ? "destructive" : "default" });
}
