import { paths } from "@loop/rules/paths";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast, type ToastInput } from "@/lib/toast";

export const SHARE_TOASTS = {
  copied: (url: string): ToastInput => ({ title: "Link Copied", description: url, variant: "success" }),
  failed: (url: string): ToastInput => ({ title: "Copy Failed", description: `Copy the link by hand: ${url}`, variant: "destructive" }),
} as const;

/** The loop's page as an absolute link, to share. */
export function loopPageUrl(loopId: string): string {
  return new URL(paths.loop(loopId), window.location.origin).href;
}

/** Share on a loop's page (issue 36): copies the page's absolute link, with the toast "Link Copied". */
export function ShareLoopButton({ loopId, className }: { loopId: string; className?: string }) {
  const share = async () => {
    const url = loopPageUrl(loopId);
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      toast(SHARE_TOASTS.copied(url));
    } catch {
      toast(SHARE_TOASTS.failed(url));
    }
  };
  return (
    <Button size="sm" variant="outline" className={className} onClick={() => void share()}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}
