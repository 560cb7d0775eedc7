import { Upload } from "lucide-react";
import { FormDialog } from "@/components/ui/form-dialog";
import { useUpload } from "../lib/use-upload";
import { AudioFileField } from "./audio-file-field";
import { ContentTypeField, DetailsFields, TrackDetailsFields } from "./upload-fields";
import { FailedState, ProcessingState, UploadingState } from "./upload-states";

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How often a processing upload's status is asked for (tests shorten it). */
  pollMs?: number;
}

/**
 * The Upload dialog (docs/product.md#upload-dialog, docs/product.md#states, docs/product.md#validation): the form, the upload with its progress, then the processing
 * state until the loop is ready (toast, lists refreshed, dialog closed and reset) or failed (the
 * reason). It stays mounted when closed, so an upload or processing in progress carries on and
 * still reports its end (the state machine is useUpload).
 */
export function UploadDialog({ open, onOpenChange, pollMs }: UploadDialogProps) {
  const upload = useUpload({ open, onOpenChange, pollMs });
  const { phase, values, file, error } = upload;

  return (
    <FormDialog
      open={open}
      onOpenChange={upload.changeOpen}
      className="max-h-[92dvh] max-w-2xl overflow-y-auto"
      title="Upload Your Music"
      icon={Upload}
      description="Share a loop or a full track. MP3, WAV, FLAC, M4A, AAC or OGG, up to 50MB."
      statusView={
        phase.kind === "uploading" ? (
          <UploadingState file={file} percent={phase.percent} onCancel={upload.cancelUpload} />
        ) : phase.kind === "processing" ? (
          <ProcessingState loop={phase.loop} pollFailed={upload.pollFailed} onClose={() => onOpenChange(false)} />
        ) : phase.kind === "failed" ? (
          <FailedState loop={phase.loop} onRetry={upload.tryAgain} onClose={() => upload.changeOpen(false)} />
        ) : null
      }
      formClassName="gap-5"
      onSubmit={(event) => void upload.submit(event)}
      error={error && error.field !== "file" ? error.message : null}
      submitLabel={`Upload ${values.contentType === "track" ? "Track" : "Loop"}`}
      submitIcon={Upload}
      footerClassName="flex-col-reverse sm:flex-row"
    >
      <ContentTypeField values={values} onChange={upload.set} />
      <AudioFileField file={file} error={error?.field === "file" ? error.message : null} onFile={upload.chooseFile} />
      <DetailsFields values={values} error={error} onChange={upload.set} />
      {values.contentType === "track" ? <TrackDetailsFields values={values} error={error} onChange={upload.set} /> : null}
    </FormDialog>
  );
}
