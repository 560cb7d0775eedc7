import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** "X could not be loaded." with a Retry button: what a failed query shows in place of its data. */
export function LoadError({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3 text-sm", className)}>
      <span role="alert" className="text-rose-200">
        {message}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Retry
      </Button>
    </div>
  );
}
