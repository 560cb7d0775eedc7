import { Loader2 } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A step under way (e.g. of a wallet transaction): a spinner and what is happening, role="status". */
export function ProgressNote({ className, children, ...props }: ComponentProps<"p">) {
  return (
    <p
      role="status"
      className={cn("flex items-center gap-2 rounded-lg border border-primary/40 bg-primary/10 px-3 py-2 text-sm", className)}
      {...props}
    >
      <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
      {children}
    </p>
  );
}
