import { type ComponentProps, useEffect, useRef } from "react";
import { cn } from "@/lib/utils";

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type"> {
  /** Some but not all of what it stands for is checked (a select-all box): shown as a dash, read as "mixed". */
  indeterminate?: boolean;
}

/** A native checkbox in the app's colours (Space toggles it, its label or aria-label names it). */
export function Checkbox({ className, indeterminate = false, ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
