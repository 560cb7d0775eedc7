import { paths } from "@loop/rules/paths";
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, ChevronDown, Download, FileText, Loader2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuShell } from "@/components/ui/dropdown-menu";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { formatHint } from "@/lib/loop-format";
import { fullPageNavigate } from "@/lib/navigation";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast } from "@/lib/toast";
import { useDownloadLink } from "@/lib/get-download-link";
import { licencePdfUrl, loopLicencesQueryOptions, useLoopLicences } from "../api/get-loop-licences";
import { DOWNLOAD_TOASTS, type DownloadButtonProps } from "./download-button";

const FORMATS: { format: DeliveryFormat; label: string }[] = [
  { format: "mp3", label: "MP3" },
  { format: "wav", label: "WAV" },
];

/** The member's Download: the format menu and the licences (see DownloadButton). */
export function DownloadMenu({
  loopId,
  title,
  formats,
  mp3Kbps,
  className,
  onStarted,
}: DownloadButtonProps & { formats: readonly DeliveryFormat[] }) {
  const link = useDownloadLink();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const licences = useLoopLicences(loopId, { enabled: open });
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
  return (
    <DropdownMenuShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" className={className} disabled={link.isPending} aria-label={label}>
          {link.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          Download
          <ChevronDown className="-mr-1 opacity-70" aria-hidden />
        </Button>
      }
      label="Choose a format"
      contentClassName="min-w-40"
    >
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
    </DropdownMenuShell>
  );
}
