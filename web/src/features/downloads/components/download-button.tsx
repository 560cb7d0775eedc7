import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import { Download } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/auth";
import { UNAUTHORIZED_TOAST } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";

export const DOWNLOAD_TOASTS = {
  loginRequired: { title: "Login Required", description: "Please log in to download loops.", variant: "destructive" },
  unauthorized: UNAUTHORIZED_TOAST,
  failed: (message: string): ToastInput => ({ title: "Download Failed", description: message, variant: "destructive" }),
  started: (filename: string): ToastInput => ({ title: "Download Started", description: filename, variant: "success" }),
  licence: (format: string): ToastInput => ({ title: "Download Started", description: `Licence (${format}), PDF`, variant: "success" }),
} as const satisfies Record<string, ToastInput | ((text: string) => ToastInput)>;

/** The member's menu (Radix's dropdown, the download and licence calls) loads when a member sees a Download. */
const DownloadMenu = lazy(() => import("./download-menu").then((m) => ({ default: m.DownloadMenu })));

export interface DownloadButtonProps {
  loopId: string;
  title: string;
  formats?: readonly DeliveryFormat[];
  mp3Kbps: number | null;
  className?: string;
  onStarted?: () => void;
}

/**
 * Download for a loop the viewer may have (free, bought or their own): signed out it says 'Login
 * Required'; signed in it asks the format, fetches a signed link and opens it (an attachment, so
 * the page stays). A 401 (session gone) sends the user to log in again after 500 ms. `formats` are
 * the ones offered: a paid loop's buyer owns only the formats bought (the server refuses the others).
 * `mp3Kbps` is the loop's MP3 bitrate (PublicLoop.mp3Kbps), shown beside MP3. When the menu opens it
 * asks for the viewer's licences of the loop (docs/licence.md): each valid one offers its PDF
 * ("Licence (WAV)") and its public page ("Verify licence (WAV)"). A member's first download of a free
 * loop issues its licence (when the browser fetches the file), so a started download marks the list
 * stale: the menu asks again when it reopens.
 */
export function DownloadButton({ formats = DELIVERY_FORMATS, ...props }: DownloadButtonProps) {
  const { user, isLoading } = useUser();
  const label = `Download ${props.title}`;
  const plain = (onClick?: () => void) => (
    <Button size="sm" variant="outline" className={props.className} disabled={isLoading || !onClick} onClick={onClick} aria-label={label}>
      <Download aria-hidden />
      Download
    </Button>
  );
  if (!user) return plain(() => toast(DOWNLOAD_TOASTS.loginRequired));
  return (
    <Suspense fallback={plain()}>
      <DownloadMenu formats={formats} {...props} />
    </Suspense>
  );
}
