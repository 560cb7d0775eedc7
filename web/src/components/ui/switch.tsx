import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** An on/off switch: a native checkbox with role="switch" (Space toggles it, its label names it). */
export function Switch({ className, ...props }: Omit<ComponentProps<"input">, "type" | "role">) {
  return (
    <input
      type="checkbox"
      role="switch"
      className={cn(
        "relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-border bg-surface transition-colors",
        "before:absolute before:top-0.5 before:left-0.5 before:size-4.5 before:rounded-full before:bg-muted-foreground before:transition-transform",
        "checked:border-primary checked:bg-primary/70 checked:before:translate-x-5 checked:before:bg-white",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
