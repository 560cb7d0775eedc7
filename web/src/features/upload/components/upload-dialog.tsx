import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, FileAudio, Loader2, RotateCcw, Upload, XCircle } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Progress } from "@/components/ui/progress";
import { Textarea } from "@/components/ui/textarea";
import { getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useGenres } from "@/lib/get-genres";
import { loopStatusQueryOptions, STATUS_POLL_MS } from "../api/get-loop-status";
import { UploadAbortedError, uploadLoop } from "../api/upload-loop";
import {
  checkAudioFile,
  type ContentType,
  DEFAULT_UPLOAD_VALUES,
  FILE_ACCEPT,
  splitMessage,
  toUploadFields,
  type UploadError,
  type UploadFormValues,
  validateUpload,
} from "../lib/upload-validation";

export const UPLOAD_FAILED_FALLBACK = "Failed to upload music. Please try again.";

/** Query keys refreshed when an upload is received and again when it is ready. */
const REFRESHED_KEYS = [["loops"], ["/api/users"], ["/api/profile"]] as const;

const NOTES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"] as const;
const KEYS = NOTES.flatMap((note) => [`${note} major`, `${note} minor`]);

type Phase =
  | { kind: "form" }
  | { kind: "uploading"; percent: number }
  | { kind: "processing"; loop: CreatorLoop }
  | { kind: "failed"; loop: CreatorLoop };

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How often a processing upload's status is asked for (tests shorten it). */
  pollMs?: number;
}

/** Polls that may fail in a row (network trouble) before the dialog gives up asking. */
const MAX_FAILED_POLLS = 10;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(id);
        reject(new UploadAbortedError());
      },
      { once: true },
    );
  });
}

/**
 * The Upload dialog (docs/product.md#upload-dialog, docs/product.md#states, docs/product.md#validation): the form, the upload with its progress, then the processing
 * state until the loop is ready (toast, lists refreshed, dialog closed and reset) or failed (the
 * reason). It stays mounted when closed, so an upload or processing in progress carries on and
 * still reports its end.
 */
export function UploadDialog({ open, onOpenChange, pollMs = STATUS_POLL_MS }: UploadDialogProps) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [values, setValues] = useState<UploadFormValues>(DEFAULT_UPLOAD_VALUES);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  /** Aborts the upload in progress (Cancel upload) or the polling (unmount). */
  const abortRef = useRef<AbortController | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const refreshLists = useCallback(() => {
    for (const queryKey of REFRESHED_KEYS) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);

  const reset = () => {
    setPhase({ kind: "form" });
    setValues(DEFAULT_UPLOAD_VALUES);
    setFile(null);
    setError(null);
  };

  /** Asks for the loop's status until it is no longer processing. */
  const waitForProcessing = async (loop: CreatorLoop, signal: AbortSignal): Promise<CreatorLoop> => {
    let current = loop;
    let failures = 0;
    while (current.status === "processing") {
      await sleep(pollMs, signal);
      try {
        current = await queryClient.fetchQuery(loopStatusQueryOptions(loop.id));
        failures = 0;
        setPollFailed(false);
      } catch (caught) {
        if (signal.aborted) throw new UploadAbortedError();
        failures += 1;
        setPollFailed(true);
        if (failures >= MAX_FAILED_POLLS) throw caught;
      }
    }
    return current;
  };

  const finish = (loop: CreatorLoop) => {
    refreshLists();
    if (loop.status === "ready") {
      toast({ title: "Upload Successful", description: `"${loop.title}" is processed and listed.`, variant: "success" });
      reset();
      onOpenChange(false);
      return;
    }
    setPhase({ kind: "failed", loop });
    if (!openRef.current) {
      toast({ title: "Processing Failed", description: loop.failureReason ?? "The audio could not be processed.", variant: "destructive" });
    }
  };

  const set = <K extends keyof UploadFormValues>(name: K, value: UploadFormValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    if (error && (error.field === name || error.field === "form")) setError(null);
  };

  const chooseFile = (chosen: File | null) => {
    if (!chosen) return;
    const refusal = checkAudioFile(chosen);
    if (refusal) {
      setFile(null);
      setError({ field: "file", message: refusal });
      return;
    }
    setFile(chosen);
    setError((previous) => (previous?.field === "file" ? null : previous));
    // A title from the file name, unless one was typed.
    setValues((previous) => (previous.title.trim() ? previous : { ...previous, title: titleFromFileName(chosen.name) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind !== "form") return;
    const refusal = validateUpload(file, values);
    if (refusal || !file) {
      setError(refusal);
      focusField(refusal?.field);
      return;
    }
    setError(null);
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const loop = await uploadLoop({
        file,
        fields: toUploadFields(values),
        signal: controller.signal,
        onProgress: ({ percent }) => setPhase((previous) => (previous.kind === "uploading" ? { kind: "uploading", percent } : previous)),
      });
      queryClient.setQueryData(loopStatusQueryOptions(loop.id).queryKey, loop);
      refreshLists();
      setPollFailed(false);
      setPhase({ kind: "processing", loop });
      let done: CreatorLoop;
      try {
        done = await waitForProcessing(loop, controller.signal);
      } catch (caught) {
        if (caught instanceof UploadAbortedError) return;
        // The server keeps processing; My Loops shows how it ends.
        toast({ title: "Status Unavailable", description: "We could not check on your upload. See My Loops on your profile.", variant: "destructive" });
        refreshLists();
        reset();
        onOpenChange(false);
        return;
      }
      finish(done);
    } catch (caught) {
      setPhase({ kind: "form" });
      if (caught instanceof UploadAbortedError) return;
      const message = getServerMessage(caught, UPLOAD_FAILED_FALLBACK);
      setError({ field: "form", message });
      toast({ title: "Upload Failed", description: message, variant: "destructive" });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const tryAgain = () => {
    setPhase({ kind: "form" });
    setFile(null);
    setError(null);
  };

  const onDialogOpenChange = (next: boolean) => {
    // A finished failure is forgotten on close; an upload or processing in progress carries on.
    if (!next && phase.kind === "failed") reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={onDialogOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Upload className="size-5 text-primary" aria-hidden />
            Upload Your Music
          </DialogTitle>
          <DialogDescription>
            Share a loop or a full track. MP3, WAV, FLAC, M4A, AAC or OGG, up to 50MB.
          </DialogDescription>
        </DialogHeader>
        {phase.kind === "form" ? (
          <UploadForm
            values={values}
            file={file}
            error={error}
            onChange={set}
            onFile={chooseFile}
            onSubmit={submit}
            onCancel={() => onDialogOpenChange(false)}
          />
        ) : phase.kind === "uploading" ? (
          <UploadingState file={file} percent={phase.percent} onCancel={() => abortRef.current?.abort()} />
        ) : phase.kind === "processing" ? (
          <ProcessingState loop={phase.loop} pollFailed={pollFailed} onClose={() => onOpenChange(false)} />
        ) : (
          <FailedState loop={phase.loop} onRetry={tryAgain} onClose={() => onDialogOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

const FIELD_IDS: Partial<Record<UploadError["field"], string>> = {
  file: "upload-file",
  title: "upload-title",
  description: "upload-description",
  genreId: "upload-genre",
  price: "upload-price",
  bpm: "upload-bpm",
  key: "upload-key",
  tags: "upload-tags",
  artistName: "upload-artist",
  albumName: "upload-album",
  releaseDate: "upload-release-date",
  lyrics: "upload-lyrics",
};

function focusField(field: UploadError["field"] | undefined) {
  const id = field ? FIELD_IDS[field] : undefined;
  if (id) document.getElementById(id)?.focus();
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function ErrorAlert({ message }: { message: string }) {
  const { title, text } = splitMessage(message);
  return (
    <div role="alert" className="flex gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-3.5 py-3 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p>
        <span className="font-semibold text-rose-200">{title}</span>
        {text ? <span className="text-rose-100/90">{`: ${text}`}</span> : null}
      </p>
    </div>
  );
}

interface UploadFormProps {
  values: UploadFormValues;
  file: File | null;
  error: UploadError | null;
  onChange: <K extends keyof UploadFormValues>(name: K, value: UploadFormValues[K]) => void;
  onFile: (file: File | null) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

function UploadForm({ values, file, error, onChange, onFile, onSubmit, onCancel }: UploadFormProps) {
  const genres = useGenres();
  const [dragging, setDragging] = useState(false);
  const invalid = (field: UploadError["field"]) => (error?.field === field ? true : undefined);
  const isTrack = values.contentType === "track";
  const contentTypeLabel = useId();

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      <fieldset className="grid gap-2">
        <legend id={contentTypeLabel} className="mb-2 text-sm font-medium">
          What are you uploading?
        </legend>
        <div role="radiogroup" aria-labelledby={contentTypeLabel} className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface p-1">
          {(["loop", "track"] as const satisfies readonly ContentType[]).map((type) => (
            <label
              key={type}
              className={cn(
                "flex cursor-pointer items-center justify-center rounded-md px-3 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                values.contentType === type ? "bg-primary/20 text-foreground" : "text-muted-foreground hover:text-foreground",
              )}
            >
              <input
                type="radio"
                name="contentType"
                value={type}
                checked={values.contentType === type}
                onChange={() => onChange("contentType", type)}
                className="sr-only"
              />
              {type === "loop" ? "Loop" : "Track"}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor="upload-file">Audio file</Label>
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
            invalid("file") && "border-destructive",
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
            aria-invalid={invalid("file")}
            className="sr-only"
            onChange={(event) => {
              onFile(event.target.files?.[0] ?? null);
              event.target.value = "";
            }}
          />
        </label>
        {error?.field === "file" ? <ErrorAlert message={error.message} /> : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor="upload-title">Title</Label>
        <Input
          id="upload-title"
          value={values.title}
          maxLength={200}
          aria-invalid={invalid("title")}
          onChange={(event) => onChange("title", event.target.value)}
          placeholder={isTrack ? "Midnight Drive" : "Dusty Boom Bap Drums"}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor="upload-description">Description</Label>
        <Textarea
          id="upload-description"
          value={values.description}
          maxLength={5000}
          rows={3}
          aria-invalid={invalid("description")}
          onChange={(event) => onChange("description", event.target.value)}
          placeholder="What makes it special? Instruments, mood, how to use it…"
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="upload-genre">Genre</Label>
          <NativeSelect
            id="upload-genre"
            value={values.genreId}
            aria-invalid={invalid("genreId")}
            onChange={(event) => onChange("genreId", event.target.value)}
            disabled={genres.isLoading}
          >
            <option value="">{genres.isLoading ? "Loading genres…" : "Select a genre"}</option>
            {(genres.data ?? []).map((genre) => (
              <option key={genre.id} value={String(genre.id)}>
                {genre.name}
              </option>
            ))}
          </NativeSelect>
          {genres.isError ? <p className="text-xs text-destructive">Genres could not be loaded. Close and reopen to try again.</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="upload-key">Key</Label>
          <NativeSelect id="upload-key" value={values.key} aria-invalid={invalid("key")} onChange={(event) => onChange("key", event.target.value)}>
            <option value="">Detect automatically</option>
            {KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="upload-price">Price (USD)</Label>
          <Input
            id="upload-price"
            inputMode="decimal"
            value={values.isFree ? "0.00" : values.price}
            disabled={values.isFree}
            aria-invalid={invalid("price")}
            onChange={(event) => onChange("price", event.target.value)}
          />
          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.isFree}
              onChange={(event) => onChange("isFree", event.target.checked)}
              className="size-4 cursor-pointer accent-primary"
            />
            Free download
          </label>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="upload-bpm">BPM</Label>
          <Input
            id="upload-bpm"
            type="number"
            inputMode="numeric"
            min={20}
            max={300}
            step={1}
            value={values.bpm}
            aria-invalid={invalid("bpm")}
            onChange={(event) => onChange("bpm", event.target.value)}
          />
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="upload-tags">Tags</Label>
        <Input
          id="upload-tags"
          value={values.tags}
          maxLength={500}
          aria-invalid={invalid("tags")}
          onChange={(event) => onChange("tags", event.target.value)}
          placeholder="drums, vinyl, chill (comma-separated)"
        />
      </div>

      {isTrack ? (
        <fieldset className="grid gap-5 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-medium">Track details (optional)</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="upload-artist">Artist name</Label>
              <Input
                id="upload-artist"
                value={values.artistName}
                maxLength={200}
                aria-invalid={invalid("artistName")}
                onChange={(event) => onChange("artistName", event.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="upload-album">Album name</Label>
              <Input
                id="upload-album"
                value={values.albumName}
                maxLength={200}
                aria-invalid={invalid("albumName")}
                onChange={(event) => onChange("albumName", event.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="upload-release-date">Release date</Label>
            <Input
              id="upload-release-date"
              type="date"
              value={values.releaseDate}
              aria-invalid={invalid("releaseDate")}
              onChange={(event) => onChange("releaseDate", event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="upload-lyrics">Lyrics</Label>
            <Textarea
              id="upload-lyrics"
              value={values.lyrics}
              maxLength={20000}
              rows={4}
              aria-invalid={invalid("lyrics")}
              onChange={(event) => onChange("lyrics", event.target.value)}
            />
          </div>
        </fieldset>
      ) : null}

      {error && error.field !== "file" ? <ErrorAlert message={error.message} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          <Upload aria-hidden />
          Upload {isTrack ? "Track" : "Loop"}
        </Button>
      </div>
    </form>
  );
}

function UploadingState({ file, percent, onCancel }: { file: File | null; percent: number; onCancel: () => void }) {
  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          <span className="truncate">Uploading {file?.name ?? "your file"}…</span>
        </span>
        <span className="font-semibold tabular-nums" aria-live="polite">
          {percent}%
        </span>
      </div>
      <Progress value={percent} label="Upload progress" />
      <p className="text-xs text-muted-foreground">
        {percent >= 100 ? "Upload complete, checking the file…" : "Keep this tab open until the upload finishes."}
      </p>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}

function ProcessingState({ loop, pollFailed, onClose }: { loop: CreatorLoop; pollFailed: boolean; onClose: () => void }) {
  return (
    <div className="mt-6 grid gap-4" role="status" aria-live="polite">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/15">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-semibold">Processing "{loop.title}"</p>
          <p className="text-sm text-muted-foreground">
            Decoding the audio, drawing the waveform, detecting BPM and key and making the preview. This takes a few seconds.
          </p>
        </div>
      </div>
      <Progress value={null} label="Processing" />
      {pollFailed ? <p className="text-xs text-warning">Could not reach the server to check on it; still trying…</p> : null}
      <p className="text-xs text-muted-foreground">You can close this window: the upload keeps processing and shows in My Loops.</p>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

function FailedState({ loop, onRetry, onClose }: { loop: CreatorLoop; onRetry: () => void; onClose: () => void }) {
  return (
    <div className="mt-6 grid gap-4">
      <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4">
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div>
          <p className="font-semibold text-rose-200">Processing Failed</p>
          <p className="mt-1 text-sm text-rose-100/90">{loop.failureReason ?? "The audio could not be processed."}</p>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">Your details are kept: choose another file and upload again.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden />
          Try another file
        </Button>
      </div>
    </div>
  );
}
