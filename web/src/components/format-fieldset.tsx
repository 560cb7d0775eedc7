import type { Format } from "@loop/rules/fees";
import type { ReactNode } from "react";
import { formatHint } from "@/lib/loop-format";
import { cn } from "@/lib/utils";

export interface FormatOption {
  format: Format;
  label: string;
  hint: string;
}

/** MP3 first; the hint is the MP3's bitrate (the loop's own) or "lossless". */
const formatOptions = (mp3Kbps: number | null): FormatOption[] => [
  { format: "mp3", label: "MP3", hint: formatHint("mp3", mp3Kbps) },
  { format: "wav", label: "WAV", hint: formatHint("wav", mp3Kbps) },
];

export interface FormatFieldsetProps {
  /** The radio group's name, unique on the page (e.g. per dialog and loop). */
  name: string;
  /** The chosen format (an owned one is never shown checked). */
  value: Format;
  /** Formats the viewer owns already: marked by the dialog and not to be chosen. */
  ownedFormats: readonly Format[];
  /** The loop's MP3 bitrate (PublicLoop.mp3Kbps): the MP3 option's hint. */
  mp3Kbps: number | null;
  disabled: boolean;
  onChange: (format: Format) => void;
  className?: string;
  /** What follows the format's name on its line (its fee, or that it is owned). */
  trailing: (option: FormatOption, owned: boolean) => ReactNode;
  /** A second line under that one, when the dialog has more to say per format. */
  detail?: (option: FormatOption, owned: boolean) => ReactNode;
}

/** The Format radio group of the Purchase and Make Offer dialogs: one option a format, MP3 first. */
export function FormatFieldset({
  name,
  value,
  ownedFormats,
  mp3Kbps,
  disabled,
  onChange,
  className,
  trailing,
  detail,
}: FormatFieldsetProps) {
  return (
    <fieldset className={cn("grid gap-2", className)} disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">Format</legend>
      <div className="grid grid-cols-2 gap-2">
        {formatOptions(mp3Kbps).map((option) => {
          const owned = ownedFormats.includes(option.format);
          const checked = !owned && option.format === value;
          const line = (
            <>
              <input
                type="radio"
                name={name}
                value={option.format}
                checked={checked}
                disabled={owned}
                onChange={() => onChange(option.format)}
                className="accent-primary"
              />
              <span className="font-semibold">{option.label}</span>
              {trailing(option, owned)}
            </>
          );
          return (
            <label
              key={option.format}
              className={cn(
                detail ? "flex flex-col gap-0.5" : "flex items-center gap-2",
                "rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                owned ? "cursor-not-allowed border-border opacity-60" : "cursor-pointer",
                checked ? "border-primary bg-primary/10" : !owned && "border-border hover:border-primary/50",
              )}
            >
              {detail ? (
                <>
                  <span className="flex items-center gap-2">{line}</span>
                  {detail(option, owned)}
                </>
              ) : (
                line
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
