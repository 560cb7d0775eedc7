import { paths } from "@loop/rules/paths";
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, ChevronDown, Download, FileText, Loader2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { fullPageNavigate } from "@/lib/navigation";
import { redirectToLoginAfterUnauthorized, UNAUTHORIZED_TOAST } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/schemas/downloads";
import { useDownloadLink } from "../api/get-download-link";
import { licencePdfUrl, loopLicencesQueryOptions, useLoopLicences } from "../api/get-loop-licences";
import { formatHint } from "../lib/format-hints";

export const DOWNLOAD_TOASTS = {
  loginRequired: { title: "Login Required", description: "Please log in to download loops.", variant: "destructive" },
  unauthorized: UNAUTHORIZED_TOAST,
  failed: (message: string): ToastInput => ({ title: "Download Failed", description: message, variant: "destructive" }),
  started: (filename: string): ToastInput => ({ title: "Download Started", description: filename, variant: "success" }),
  licence: (format: string): ToastInput => ({ title: "Download Started", description: `Licence (${format}), PDF`, variant: "success" }),
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
 * `mp3Kbps` is the loop's MP3 bitrate (PublicLoop.mp3Kbps), shown beside MP3. When the menu opens it
 * asks for the viewer's licences of the loop (docs/licence.md): each valid one offers its PDF
 * ("Licence (WAV)") and its public page ("Verify licence (WAV)"). A member's first download of a free
 * loop issues its licence (when the browser fetches the file), so a started download marks the list
 * stale: the menu asks again when it reopens.
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
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const licences = useLoopLicences(loopId, { enabled: open && user !== null });
  const validLicences = (licences.data ?? []).filter((licence) => licence.status === "valid");

  const start = (format: DeliveryFormat) => {
    link.mutate(
      { loopId, format },
      {
        onSuccess: ({ downloadUrl, filename }) => {
          toast(DOWNLOAD_TOASTS.started(filename));
          fullPageNavigate(downloadUrl);
          void queryClient.invalidateQueries({ queryKey: loopLicencesQueryOptions(loopId).queryKey });
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
    <DropdownMenu open={open} onOpenChange={setOpen}>
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
        {validLicences.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Licence</DropdownMenuLabel>
            {validLicences.map((licence) => {
              const formatLabel = licence.format.toUpperCase();
              return [
                <DropdownMenuItem
                  key={`${licence.id}-pdf`}
                  onSelect={() => {
                    toast(DOWNLOAD_TOASTS.licence(formatLabel));
                    fullPageNavigate(licencePdfUrl(licence.id));
                  }}
                >
                  <FileText aria-hidden />
                  Licence ({formatLabel})<span className="ml-auto text-xs text-muted-foreground">PDF</span>
                </DropdownMenuItem>,
                <DropdownMenuItem key={`${licence.id}-verify`} asChild>
                  <Link to={paths.licence(licence.id)}>
                    <BadgeCheck aria-hidden />
                    Verify licence ({formatLabel})
                  </Link>
                </DropdownMenuItem>,
              ];
            })}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
