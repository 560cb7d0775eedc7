import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export interface PanelHeadingProps {
  /** The title's id, which names the card. */
  id: string;
  title: string;
  /** An icon before the title. */
  icon?: ReactNode;
  /** What the card shows, under the title. */
  description?: ReactNode;
}

/** The title (icon first) and description of an analytics card: a chart's frame, or a list beside the charts. */
export function PanelHeading({ id, title, icon, description }: PanelHeadingProps) {
  return (
    <>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {icon}
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
    </>
  );
}

export interface PanelCardProps extends PanelHeadingProps {
  /** What will appear here and when, shown in place of the content while there is nothing to show. */
  empty?: ReactNode;
  children?: ReactNode;
}

/** An analytics card that is not a chart (the creator's loops, the offers): its heading, then its content or `empty`. */
export function PanelCard({ empty, children, ...heading }: PanelCardProps) {
  return (
    <Card aria-labelledby={heading.id} className="min-w-0 p-4 sm:p-6">
      <PanelHeading {...heading} />
      {empty ? (
        <div className="mt-4 rounded-lg border border-dashed border-border px-6 py-8 text-center text-sm text-muted-foreground">
          {empty}
        </div>
      ) : (
        children
      )}
    </Card>
  );
}
