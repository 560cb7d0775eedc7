import { FileAudio } from "lucide-react";
import { useState } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { FormField } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";
import { FILE_ACCEPT } from "../lib/upload-validation";

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export interface AudioFileFieldProps {
  file: File | null;
  /** The file's refusal (type, size), shown under the drop zone. */
  error: string | null;
  onFile: (file: File | null) => void;
}

/** Choosing the audio file: a drop zone that is also the file input's label. */
export function AudioFileField({ file, error, onFile }: AudioFileFieldProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <FormField id="upload-file" label="Audio file">
      <label
        htmlFor="upload-file"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          onFile(event.dataTransfer.files[0] ?? null);
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors has-[:focus-visible]:border-primary",
          dragging ? "border-primary bg-primary/10" : "border-border bg-surface/60 hover:border-primary/60",
          error && "border-destructive",
        )}
      >
        <FileAudio className="size-8 text-primary" aria-hidden />
        {file ? (
          <span className="text-sm">
            <span className="font-semibold break-all">{file.name}</span>
            <span className="text-muted-foreground"> · {formatBytes(file.size)}</span>
          </span>
        ) : (
          <span className="text-sm text-muted-foreground">Drop an audio file here, or click to choose one</span>
        )}
        <span className="text-xs text-muted-foreground">MP3, WAV, FLAC, M4A, AAC, OGG · max 50MB</span>
        <input
          id="upload-file"
          type="file"
          accept={FILE_ACCEPT}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={(event) => {
            onFile(event.target.files?.[0] ?? null);
            event.target.value = "";
          }}
        />
      </label>
      {error ? <FormAlert message={error} /> : null}
    </FormField>
  );
}
