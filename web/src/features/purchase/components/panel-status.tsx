import { Loader2 } from "lucide-react";

/** A payment panel's one-line state (loading, not configured…), announced to screen readers. */
export function PanelStatus({ children, loading = false }: { children: string; loading?: boolean }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm text-muted-foreground">
      {loading ? <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden /> : null}
      {children}
    </p>
  );
}
