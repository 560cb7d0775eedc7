import type { AriaAttributes, ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface TableColumn {
  label: ReactNode;
  /** The heading cell's classes (padding, alignment). */
  className?: string;
  /** The column's `aria-sort` when the table is sorted by it. */
  sort?: AriaAttributes["aria-sort"];
}

/** A table's column headings: one row of small, muted, upper-case `th scope="col"` cells (`className`: the head's own extras, e.g. a background). */
export function TableHead({ columns, className }: { columns: readonly TableColumn[]; className?: string }) {
  return (
    <thead className={cn("text-xs tracking-wide text-muted-foreground uppercase", className)}>
      <tr className="border-b border-border">
        {columns.map((column, index) => (
          <th key={index} scope="col" aria-sort={column.sort} className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface ScrollTableProps {
  /** The screen-reader caption that names the table. */
  caption: string;
  /** The table's classes (width, minimum width, text). */
  className: string;
  columns: readonly TableColumn[];
  /** The body's rows. */
  children: ReactNode;
}

/** A table that scrolls sideways on narrow screens: its caption, column headings and body. */
export function ScrollTable({ caption, className, columns, children }: ScrollTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
