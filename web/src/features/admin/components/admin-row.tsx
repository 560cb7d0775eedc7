import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export interface AdminRowProps {
  /** The row's name (its region's label and its heading). */
  name: string;
  /** The badges after the name. */
  badges: ReactNode;
  /** Lines under the heading (contact, reasons). */
  details?: ReactNode;
  /** The row's figures (`Figure`s). */
  figures: ReactNode;
  /** The action buttons. */
  actions: ReactNode;
}

/** One row of a searched admin list: the name with its badges, details and figures, and the actions beside them. */
export function AdminRow({ name, badges, details, figures, actions }: AdminRowProps) {
  return (
    <li>
      <Card aria-label={name} className="flex flex-col gap-4 p-4 lg:flex-row lg:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="truncate">{name}</span>
            {badges}
          </p>
          {details}
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">{figures}</dl>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </Card>
    </li>
  );
}

/** One figure of a row's `<dl>`: a term and its value, the value bold (and tabular unless `plain`). */
export function Figure({ term, plain = false, children }: { term: string; plain?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className={plain ? "font-semibold text-foreground" : "font-semibold text-foreground tabular-nums"}>{children}</dd>
    </div>
  );
}
