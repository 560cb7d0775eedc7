import { paths } from "@loop/rules/paths";
import type { LoopVisibility } from "@loop/rules/schemas/loops";
import type { MyLoop, MyLoopSort } from "@loop/rules/schemas/my-loops";
import { Loader2, Pencil, RotateCw, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PhoneSortControl, SortHeaderButton } from "@/components/ui/sort-controls";
import { PendingButton } from "@/components/ui/pending-button";
import { Term } from "@/components/ui/term";
import { formatCount, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { MyLoopsSort } from "../api/get-my-loops";
import { priceText, STATUS_LABELS, usdText, VISIBILITY_LABELS } from "../lib/my-loops-format";

/** What each row can do, and which rows are selected. */
export interface RowActions {
  selection: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onEdit: (loop: MyLoop) => void;
  onTakeDown: (loop: MyLoop) => void;
  onRetry: (loop: MyLoop) => void;
  /** The loop whose retry is being sent. */
  retryingId: string | null;
}

export interface SelectAll {
  checked: boolean;
  indeterminate: boolean;
  onChange: (on: boolean) => void;
}

const SORT_LABELS: Record<MyLoopSort, string> = { recent: "Uploaded", plays: "Plays", sales: "Sales", earnings: "Earnings" };

const VISIBILITY_VARIANTS: Record<LoopVisibility, BadgeProps["variant"]> = { public: "success", unlisted: "highlight", private: "outline" };

const STATUS_VARIANTS: Record<MyLoop["status"], BadgeProps["variant"]> = {
  processing: "warning",
  ready: "success",
  failed: "destructive",
  hidden: "destructive",
  removed: "outline",
};

/** The rows as a table (tablet landscape and wider): sortable by date, plays, sales and earnings. */
export function MyLoopsTable({
  rows,
  sort,
  onSort,
  selectAll,
  actions,
}: {
  rows: readonly MyLoop[];
  sort: MyLoopsSort;
  onSort: (key: MyLoopSort) => void;
  selectAll: SelectAll;
  actions: RowActions;
}) {
  const plainHeader = (label: string, align = "text-left") => (
    <th scope="col" className={cn("px-2 py-2 font-semibold", align)}>
      {label}
    </th>
  );
  const header = (key: MyLoopSort, align = "text-right") => (
    <th
      scope="col"
      aria-sort={sort.sort === key ? (sort.order === "desc" ? "descending" : "ascending") : undefined}
      className={cn("px-2 py-2 font-semibold", align)}
    >
      <SortHeaderButton
        label={SORT_LABELS[key]}
        active={sort.sort === key}
        descending={sort.order === "desc"}
        onClick={() => onSort(key)}
      />
    </th>
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">
          Your loops, sorted by {SORT_LABELS[sort.sort].toLowerCase()}{" "}
          {sort.order === "desc" ? "(most or newest first)" : "(least or oldest first)"}
        </caption>
        <thead className="text-xs tracking-wide text-muted-foreground uppercase">
          <tr className="border-b border-border">
            <th scope="col" className="w-8 py-2 pr-2 text-left">
              <Checkbox
                aria-label="Select all loaded loops"
                checked={selectAll.checked}
                indeterminate={selectAll.indeterminate}
                onChange={(event) => selectAll.onChange(event.target.checked)}
              />
            </th>
            {plainHeader("Title")}
            {plainHeader("Status")}
            {plainHeader("Visibility")}
            {plainHeader("Price", "text-right")}
            {header("plays")}
            {header("sales")}
            {header("earnings")}
            {header("recent", "text-left")}
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((loop) => (
            <tr key={loop.id} className="border-b border-border/60 align-top last:border-0" data-testid="my-loop-row">
              <td className="py-3 pr-2">
                <RowCheckbox loop={loop} actions={actions} />
              </td>
              <th scope="row" className="max-w-56 px-2 py-3 text-left font-medium">
                <TitleLink loop={loop} />
              </th>
              <td className="max-w-56 px-2 py-3">
                <LoopStatus loop={loop} actions={actions} />
              </td>
              <td className="px-2 py-3">
                <VisibilityBadge visibility={loop.visibility} />
              </td>
              <td className="px-2 py-3 text-right tabular-nums">{priceText(loop)}</td>
              <td className="px-2 py-3 text-right tabular-nums">{formatCount(loop.plays)}</td>
              <td className="px-2 py-3 text-right tabular-nums">{formatCount(loop.sales)}</td>
              <td className="px-2 py-3 text-right whitespace-nowrap tabular-nums">
                <Earnings loop={loop} />
              </td>
              <td className="px-2 py-3 whitespace-nowrap">{formatDate(loop.createdAt)}</td>
              <td className="py-3 pl-2">
                <div className="flex justify-end gap-1">
                  <RowButtons loop={loop} actions={actions} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The rows as stacked cards (phones, small tablets): the same facts and actions, a sort menu instead of headers. */
export function MyLoopsCards({
  rows,
  sort,
  onSortChange,
  selectAll,
  actions,
}: {
  rows: readonly MyLoop[];
  sort: MyLoopsSort;
  onSortChange: (sort: MyLoopsSort) => void;
  selectAll: SelectAll;
  actions: RowActions;
}) {
  const descending = sort.order === "desc";
  return (
    <>
      <PhoneSortControl
        labels={SORT_LABELS}
        value={sort.sort}
        descending={descending}
        onChange={(key, down) => onSortChange({ sort: key, order: down ? "desc" : "asc" })}
        directionText={(down) => (sort.sort === "recent" ? (down ? "Newest first" : "Oldest first") : down ? "Most first" : "Least first")}
      />
      <label className="mt-3 flex w-fit cursor-pointer items-center gap-2 text-sm">
        <Checkbox
          checked={selectAll.checked}
          indeterminate={selectAll.indeterminate}
          onChange={(event) => selectAll.onChange(event.target.checked)}
        />
        Select all loaded loops
      </label>
      <ul className="mt-3 grid gap-3" aria-label="Your loops">
        {rows.map((loop) => (
          <li key={loop.id} className="min-w-0 rounded-lg border border-border bg-surface/60 p-3" data-testid="my-loop-row">
            <div className="flex items-start gap-3">
              <span className="pt-0.5">
                <RowCheckbox loop={loop} actions={actions} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <TitleLink loop={loop} />
                </p>
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                  <VisibilityBadge visibility={loop.visibility} />
                  <span className="text-sm tabular-nums">{priceText(loop)}</span>
                </div>
                <div className="mt-2">
                  <LoopStatus loop={loop} actions={actions} />
                </div>
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
              <Figure label="Plays" value={formatCount(loop.plays)} />
              <Figure label="Sales" value={formatCount(loop.sales)} />
              <Figure label="Uploaded" value={formatDate(loop.createdAt)} />
              <Term term="Earnings" className="col-span-3 min-w-0" valueClassName="font-semibold tabular-nums [overflow-wrap:anywhere]">
                <Earnings loop={loop} />
              </Term>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <RowButtons loop={loop} actions={actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Term term={label} valueClassName="font-semibold tabular-nums">
      {value}
    </Term>
  );
}

function RowCheckbox({ loop, actions }: { loop: MyLoop; actions: RowActions }) {
  return (
    <Checkbox
      aria-label={`Select ${loop.title}`}
      checked={actions.selection.has(loop.id)}
      onChange={(event) => actions.onToggle(loop.id, event.target.checked)}
    />
  );
}

function TitleLink({ loop }: { loop: MyLoop }) {
  return (
    <Link to={paths.loop(loop.id)} className="block truncate text-foreground hover:text-primary hover:underline" title={loop.title}>
      {loop.title}
    </Link>
  );
}

/** LOOP earned, and USD earned from card and PayPal sales. */
function Earnings({ loop }: { loop: MyLoop }) {
  return (
    <>
      <LoopAmount value={loop.earningsLoop} className="block" />
      <span className="block text-xs font-normal text-muted-foreground">{usdText(loop.earningsUsd)} USD</span>
    </>
  );
}

function VisibilityBadge({ visibility }: { visibility: LoopVisibility }) {
  return <Badge variant={VISIBILITY_VARIANTS[visibility]}>{VISIBILITY_LABELS[visibility]}</Badge>;
}

/** The status badge; a failed upload's reason and Retry, a hidden loop's reason. */
function LoopStatus({ loop, actions }: { loop: MyLoop; actions: RowActions }) {
  const retrying = actions.retryingId === loop.id;
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={STATUS_VARIANTS[loop.status]}>
        {loop.status === "processing" ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {loop.processingStage === "queued" ? "Queued" : STATUS_LABELS[loop.status]}
      </Badge>
      {loop.status === "failed" ? (
        <>
          {loop.failureReason ? <p className="text-xs text-rose-100/90 [overflow-wrap:anywhere]">{loop.failureReason}</p> : null}
          <PendingButton
            variant="outline"
            size="sm"
            pending={retrying}
            aria-label={`Retry ${loop.title}`}
            onClick={() => actions.onRetry(loop)}
            icon={RotateCw}
          >
            Retry
          </PendingButton>
        </>
      ) : null}
      {loop.status === "hidden" && loop.hiddenReason ? (
        <p className="text-xs text-rose-100/90 [overflow-wrap:anywhere]">{loop.hiddenReason}</p>
      ) : null}
    </div>
  );
}

function RowButtons({ loop, actions }: { loop: MyLoop; actions: RowActions }) {
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Edit ${loop.title}`} onClick={() => actions.onEdit(loop)}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-rose-200 hover:text-rose-100"
        aria-label={`Take down ${loop.title}`}
        onClick={() => actions.onTakeDown(loop)}
      >
        <Trash2 aria-hidden />
        Take down
      </Button>
    </>
  );
}
