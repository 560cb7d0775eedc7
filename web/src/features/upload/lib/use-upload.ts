import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { getServerMessage } from "@/lib/api-client";
import { LOOPS_QUERY_KEY, OWN_PROFILE_QUERY_KEY, USER_PROFILES_QUERY_KEY } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { loopStatusQueryOptions, STATUS_POLL_MS } from "../api/get-loop-status";
import { UploadAbortedError, uploadLoop } from "../api/upload-loop";
import {
  checkAudioFile,
  DEFAULT_UPLOAD_VALUES,
  toUploadFields,
  type UploadError,
  type UploadFormValues,
  validateUpload,
} from "./upload-validation";

export const UPLOAD_FAILED_FALLBACK = "Failed to upload music. Please try again.";

/** Query keys refreshed when an upload is received and again when it is ready. */
const REFRESHED_KEYS = [LOOPS_QUERY_KEY, USER_PROFILES_QUERY_KEY, OWN_PROFILE_QUERY_KEY] as const;

/** Polls that may fail in a row (network trouble) before the dialog gives up asking. */
const MAX_FAILED_POLLS = 10;

/** Where the Upload dialog is: the form, the upload with its progress, the processing, or a failed processing. */
export type UploadPhase =
  | { kind: "form" }
  | { kind: "uploading"; percent: number }
  | { kind: "processing"; loop: CreatorLoop }
  | { kind: "failed"; loop: CreatorLoop };

export interface UseUploadOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How often a processing upload's status is asked for (tests shorten it). */
  pollMs?: number;
}

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
 * The Upload dialog's state machine (docs/product.md#upload-dialog, docs/product.md#states): the
 * form's values and error, the upload with its progress, then the processing until the loop is ready
 * (toast, lists refreshed, dialog closed and reset) or failed (the reason). It lives as long as the
 * dialog is mounted, so an upload or processing in progress carries on when the dialog is closed
 * and still reports its end.
 */
export function useUpload({ open, onOpenChange, pollMs = STATUS_POLL_MS }: UseUploadOptions) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>({ kind: "form" });
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
        toast({
          title: "Status Unavailable",
          description: "We could not check on your upload. See My Loops on your profile.",
          variant: "destructive",
        });
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

  /** After a failed processing: back to the form with the details kept, for another file. */
  const tryAgain = () => {
    setPhase({ kind: "form" });
    setFile(null);
    setError(null);
  };

  /** Opening or closing the dialog: a finished failure is forgotten on close; an upload or processing in progress carries on. */
  const changeOpen = (next: boolean) => {
    if (!next && phase.kind === "failed") reset();
    onOpenChange(next);
  };

  return {
    phase,
    values,
    file,
    error,
    pollFailed,
    set,
    chooseFile,
    submit,
    tryAgain,
    changeOpen,
    cancelUpload: () => abortRef.current?.abort(),
  };
}

function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** The ids of the form's fields (a refused field is focused). */
export const UPLOAD_FIELD_IDS = {
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
} as const satisfies Partial<Record<UploadError["field"], string>>;

function focusField(field: UploadError["field"] | undefined) {
  const ids: Partial<Record<UploadError["field"], string>> = UPLOAD_FIELD_IDS;
  const id = field ? ids[field] : undefined;
  if (id) document.getElementById(id)?.focus();
}
