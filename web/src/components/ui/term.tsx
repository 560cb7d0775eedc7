import type { ReactNode } from "react";

export interface TermProps {
  /** What the value is (the `<dt>`). */
  term: ReactNode;
  /** The value (the `<dd>`). */
  children: ReactNode;
  /** The pair's box (default: may shrink in a grid or a flex row). */
  className?: string;
  termClassName?: string;
  valueClassName?: string;
}

/** One term of a description list (`<dl>`) with its value, in a box of their own. */
export function Term({ term, children, className = "min-w-0", termClassName = "text-muted-foreground", valueClassName }: TermProps) {
  return (
    <div className={className}>
      <dt className={termClassName}>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
