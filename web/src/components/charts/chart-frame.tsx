import { BarChart3, Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { ChartDescriptionContext } from "./chart-description";
import { PanelHeading } from "./panel-card";

export interface ChartFrameProps {
  /** The title's id, which names the card. */
  id: string;
  title: string;
  /** An icon before the title. */
  icon?: ReactNode;
  /** What the chart shows, under the title. */
  description?: ReactNode;
  /**
   * The chart in words (the figures that matter, exact), always shown under the chart and read by
   * screen readers as the chart's description.
   */
  summary: ReactNode;
  /** The chart's figures as a table, shown in place of the chart by "Show as table". */
  table: ReactNode;
  /** Controls beside the toggle (a unit switch, say). */
  actions?: ReactNode;
  /**
   * What will appear here and when, shown in place of the chart, the summary and the table when
   * there is nothing to draw yet.
   */
  empty?: ReactNode;
  className?: string;
  /** The chart. */
  children: ReactNode;
}

/**
 * A chart's card: title, description, the chart or its table ("Show as table" / "Show as chart"),
 * and a text summary. Every chart of the app sits in one, so each has a text alternative and a table
 * view (docs/decisions.md, issue 23).
 */
export function ChartFrame({ id, title, icon, description, summary, table, actions, empty, className, children }: ChartFrameProps) {
  const [asTable, setAsTable] = useState(false);
  const contentId = useId();
  const summaryId = useId();
  return (
    <Card aria-labelledby={id} className={cn("flex min-w-0 flex-col gap-4 p-4 sm:p-6", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <PanelHeading id={id} title={title} icon={icon} description={description} />
        </div>
        {empty ? null : (
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            <Button variant="outline" size="sm" aria-controls={contentId} onClick={() => setAsTable((value) => !value)}>
              {asTable ? <BarChart3 aria-hidden /> : <Table2 aria-hidden />}
              {asTable ? "Show as chart" : "Show as table"}
            </Button>
          </div>
        )}
      </div>
      {empty ? (
        <div className="flex min-h-40 items-center justify-center rounded-lg border border-dashed border-border px-6 py-8 text-center text-sm text-muted-foreground">
          <p className="max-w-md">{empty}</p>
        </div>
      ) : (
        <>
          <div id={contentId} className="min-w-0">
            {asTable ? table : <ChartDescriptionContext value={summaryId}>{children}</ChartDescriptionContext>}
          </div>
          <p id={summaryId} className="text-sm text-muted-foreground" data-testid="chart-summary">
            {summary}
          </p>
        </>
      )}
    </Card>
  );
}
