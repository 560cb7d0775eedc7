import type { AnalyticsLoop, AnalyticsRange } from "@loop/rules/schemas/analytics";
import { ListMusic } from "lucide-react";
import { useState } from "react";
import { PanelCard } from "@/components/charts/panel-card";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PhoneSortControl, SortHeaderButton } from "@/components/ui/sort-controls";
import { TableHead } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { usdText } from "@/lib/loop-amounts";
import { conversionText, periodText } from "../lib/analytics-format";
import { type LoopSortKey, type SortDirection, sortLoops } from "../lib/sort-loops";

interface Column {
  label: string;
  sort?: LoopSortKey;
}

const COLUMNS: readonly Column[] = [
  { label: "Plays", sort: "plays" },
  { label: "Downloads" },
  { label: "Sales", sort: "sales" },
  { label: "Earnings", sort: "earnings" },
  { label: "Conversion", sort: "conversion" },
  { label: "Offers" },
];

const SORT_LABELS: Record<LoopSortKey, string> = { plays: "Plays", sales: "Sales", earnings: "Earnings", conversion: "Conversion" };

/**
 * Every loop of the creator with its figures for the period, sortable by plays, sales, earnings and
 * conversion: a table from tablet width up, a list of cards (with a sort menu) on a phone.
 */
export function LoopsTable({ loops, range }: { loops: readonly AnalyticsLoop[]; range: AnalyticsRange }) {
  const [sort, setSort] = useState<{ key: LoopSortKey; direction: SortDirection }>({ key: "earnings", direction: "descending" });
  const rows = sortLoops(loops, sort.key, sort.direction);
  const choose = (key: LoopSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === "descending" ? "ascending" : "descending" }
        : { key, direction: "descending" },
    );

  return (
    <PanelCard
      id="analytics-loops-title"
      icon={<ListMusic className="size-5 text-pink-300" aria-hidden />}
      title="Your loops"
      description={`Figures of each loop ${periodText(range)}, sortable by plays, sales, earnings and conversion.`}
      empty={
        loops.length === 0
          ? "Your loops appear here once you upload one (Upload, in the top bar), with their plays, sales, earnings and conversion."
          : undefined
      }
    >
      <PhoneSortControl
        className="mt-4 md:hidden"
        labels={SORT_LABELS}
        value={sort.key}
        descending={sort.direction === "descending"}
        onChange={(key, descending) => setSort({ key, direction: descending ? "descending" : "ascending" })}
      />
      <ul className="mt-3 grid gap-3 md:hidden" aria-label={`Your loops, sorted by ${sort.key}`}>
        {rows.map((loop) => (
          <LoopCard key={loop.id} loop={loop} />
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto md:block">
        <table className="w-full min-w-[46rem] text-sm">
          <caption className="sr-only">
            Your loops {periodText(range)}, sorted by {sort.key} {sort.direction === "descending" ? "(most first)" : "(least first)"}
          </caption>
          <TableHead
            columns={[
              { label: "Loop", className: "py-2 pr-3 text-left font-semibold" },
              ...COLUMNS.map((column) => ({
                label: column.sort ? (
                  <SortHeaderButton
                    label={column.label}
                    active={column.sort === sort.key}
                    descending={sort.direction === "descending"}
                    onClick={() => choose(column.sort!)}
                  />
                ) : (
                  column.label
                ),
                sort: column.sort && column.sort === sort.key ? sort.direction : undefined,
                className: "px-3 py-2 text-right font-semibold",
              })),
            ]}
          />
          <tbody>
            {rows.map((loop) => (
              <tr key={loop.id} className="border-b border-border/60 last:border-0">
                <th scope="row" className="max-w-64 py-2.5 pr-3 text-left font-medium">
                  <span className="block truncate" title={loop.title}>
                    {loop.title}
                  </span>
                </th>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatCount(loop.plays)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatCount(loop.downloads)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">
                  {formatCount(loop.sales)}
                  {loop.refunds > 0 ? (
                    <span className="block text-xs text-muted-foreground">{formatCount(loop.refunds)} refunded</span>
                  ) : null}
                </td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                  <LoopAmount value={loop.earningsLoop} />
                  <span className="block text-xs text-muted-foreground">{usdText(loop.earningsUsd)}</span>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{conversionText(loop.conversion)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">
                  {formatCount(loop.offers.received)}
                  {loop.offers.accepted > 0 ? (
                    <span className="block text-xs text-muted-foreground">{formatCount(loop.offers.accepted)} accepted</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PanelCard>
  );
}

/** One loop on a phone: its title and figures. */
function LoopCard({ loop }: { loop: AnalyticsLoop }) {
  const figures: [string, string, string?][] = [
    ["Plays", formatCount(loop.plays)],
    ["Downloads", formatCount(loop.downloads)],
    ["Sales", formatCount(loop.sales), loop.refunds > 0 ? `${formatCount(loop.refunds)} refunded` : undefined],
    ["Conversion", conversionText(loop.conversion)],
    ["Offers", formatCount(loop.offers.received), loop.offers.accepted > 0 ? `${formatCount(loop.offers.accepted)} accepted` : undefined],
  ];
  return (
    <li className="rounded-lg border border-border bg-surface/60 p-3">
      <p className="truncate font-semibold" title={loop.title}>
        {loop.title}
      </p>
      <p className="mt-0.5 text-sm tabular-nums [overflow-wrap:anywhere]">
        <LoopAmount value={loop.earningsLoop} /> <span className="text-xs text-muted-foreground">{usdText(loop.earningsUsd)}</span>
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1.5 text-xs">
        {figures.map(([label, value, note]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">
              {value}
              {note ? <span className="block font-normal text-muted-foreground">{note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
