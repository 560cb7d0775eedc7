import { ChevronDown, Download, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { fullPageNavigate } from "@/lib/navigation";
import { redirectToLoginAfterUnauthorized, UNAUTHORIZED_TOAST } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/schemas/downloads";
import { useDownloadLink } from "../api/get-download-link";
import { formatHint } from "../lib/format-hints";

export const DOWNLOAD_TOASTS = {
  loginRequired: { title: "Login Required", description: "Please log in to download loops.", variant: "destructive" },
  unauthorized: UNAUTHORIZED_TOAST,
  failed: (message: string): ToastInput => ({ title: "Download Failed", description: message, variant: "destructive" }),
  started: (filename: string): ToastInput => ({ title: "Download Started", description: filename, variant: "success" }),
} as const satisfies Record<string, ToastInput | ((text: string) => ToastInput)>;

const FORMATS: { format: DeliveryFormat; label: string }[] = [
  { format: "mp3", label: "MP3" },
  { format: "wav", label: "WAV" },
];

/**
 * Download for a loop the viewer may have (free, bought or their own): signed out it says 'Login
 * Required'; signed in it asks the format, fetches a signed link and opens it (an attachment, so
 * the page stays). A 401 (session gone) sends the user to log in again after 500 ms. `formats` are
 * the ones offered: a paid loop's buyer owns only the formats bought (the server refuses the others).
 * `mp3Kbps` is the loop's MP3 bitrate (PublicLoop.mp3Kbps), shown beside MP3.
 */
export function DownloadButton({
  loopId,
  title,
  formats = DELIVERY_FORMATS,
  mp3Kbps,
  className,
  onStarted,
}: {
  loopId: string;
  title: string;
  formats?: readonly DeliveryFormat[];
  mp3Kbps: number | null;
  className?: string;
  onStarted?: () => void;
}) {
  const { user, isLoading } = useUser();
  const link = useDownloadLink();

  const start = (format: DeliveryFormat) => {
    link.mutate(
      { loopId, format },
      {
        onSuccess: ({ downloadUrl, filename }) => {
          toast(DOWNLOAD_TOASTS.started(filename));
          fullPageNavigate(downloadUrl);
          onStarted?.();
        },
        onError: (error) => {
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast(DOWNLOAD_TOASTS.failed(getServerMessage(error, "Failed to download this loop. Please try again.")));
        },
      },
    );
  };

  const label = `Download ${title}`;
  if (!user) {
    return (
      <Button
        size="sm"
        variant="outline"
        className={className}
        disabled={isLoading}
        onClick={() => toast(DOWNLOAD_TOASTS.loginRequired)}
        aria-label={label}
      >
        <Download aria-hidden />
        Download
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline" className={className} disabled={link.isPending} aria-label={label}>
          {link.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          Download
          <ChevronDown className="-mr-1 opacity-70" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        <DropdownMenuLabel>Choose a format</DropdownMenuLabel>
        {FORMATS.filter(({ format }) => formats.includes(format)).map(({ format, label: formatLabel }) => (
          <DropdownMenuItem key={format} onSelect={() => start(format)}>
            <Download aria-hidden />
            <span className="font-semibold">{formatLabel}</span>
            <span className="ml-auto text-xs text-muted-foreground">{formatHint(format, mp3Kbps)}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
