import { type ChangeEvent, useId } from "react";
import { GenreOptions, MusicalKeyOptions } from "@/components/select-options";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useGenres } from "@/lib/get-genres";
import { cn } from "@/lib/utils";
import type { ContentType, UploadError, UploadFormValues } from "../lib/upload-validation";
import { UPLOAD_FIELD_IDS } from "../lib/use-upload";

/** What the upload form's field groups are given: the values, the error (its field is marked invalid) and a setter. */
export interface UploadFieldsProps {
  values: UploadFormValues;
  error: UploadError | null;
  onChange: <K extends keyof UploadFormValues>(name: K, value: UploadFormValues[K]) => void;
}

type TextFieldName = Exclude<keyof UploadFormValues, "isFree" | "contentType">;

/** A text field's id, value, invalid mark and change handler. */
function fieldBinder({ values, error, onChange }: UploadFieldsProps) {
  return (name: TextFieldName) => ({
    id: UPLOAD_FIELD_IDS[name],
    value: values[name],
    "aria-invalid": error?.field === name ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(name, event.target.value),
  });
}

/** Loop or track. */
export function ContentTypeField({ values, onChange }: Pick<UploadFieldsProps, "values" | "onChange">) {
  const contentTypeLabel = useId();
  return (
    <fieldset className="grid gap-2">
      <legend id={contentTypeLabel} className="mb-2 text-sm font-medium">
        What are you uploading?
      </legend>
      <div
        role="radiogroup"
        aria-labelledby={contentTypeLabel}
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface p-1"
      >
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
  );
}

/** Title, description, genre, key, price (or free), BPM and tags. */
export function DetailsFields(props: UploadFieldsProps) {
  const { values, onChange } = props;
  const genres = useGenres();
  const field = fieldBinder(props);
  const isTrack = values.contentType === "track";
  return (
    <>
      <FormField id={UPLOAD_FIELD_IDS.title} label="Title">
        <Input {...field("title")} maxLength={200} placeholder={isTrack ? "Midnight Drive" : "Dusty Boom Bap Drums"} />
      </FormField>

      <FormField id={UPLOAD_FIELD_IDS.description} label="Description">
        <Textarea
          {...field("description")}
          maxLength={5000}
          rows={3}
          placeholder="What makes it special? Instruments, mood, how to use it…"
        />
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={UPLOAD_FIELD_IDS.genreId} label="Genre">
          <NativeSelect {...field("genreId")} disabled={genres.isLoading}>
            <option value="">{genres.isLoading ? "Loading genres…" : "Select a genre"}</option>
            <GenreOptions genres={genres.data ?? []} />
          </NativeSelect>
          {genres.isError ? <p className="text-xs text-destructive">Genres could not be loaded. Close and reopen to try again.</p> : null}
        </FormField>
        <FormField id={UPLOAD_FIELD_IDS.key} label="Key">
          <NativeSelect {...field("key")}>
            <option value="">Detect automatically</option>
            <MusicalKeyOptions />
          </NativeSelect>
        </FormField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={UPLOAD_FIELD_IDS.price} label="Price (USD)">
          <Input {...field("price")} inputMode="decimal" value={values.isFree ? "0.00" : values.price} disabled={values.isFree} />
          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.isFree}
              onChange={(event) => onChange("isFree", event.target.checked)}
              className="size-4 cursor-pointer accent-primary"
            />
            Free download
          </label>
        </FormField>
        <FormField id={UPLOAD_FIELD_IDS.bpm} label="BPM" className="content-start">
          <Input {...field("bpm")} type="number" inputMode="numeric" min={20} max={300} step={1} />
        </FormField>
      </div>

      <FormField id={UPLOAD_FIELD_IDS.tags} label="Tags">
        <Input {...field("tags")} maxLength={500} placeholder="drums, vinyl, chill (comma-separated)" />
      </FormField>
    </>
  );
}

/** A track's optional artist, album, release date and lyrics. */
export function TrackDetailsFields(props: UploadFieldsProps) {
  const field = fieldBinder(props);
  return (
    <fieldset className="grid gap-5 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">Track details (optional)</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={UPLOAD_FIELD_IDS.artistName} label="Artist name">
          <Input {...field("artistName")} maxLength={200} />
        </FormField>
        <FormField id={UPLOAD_FIELD_IDS.albumName} label="Album name">
          <Input {...field("albumName")} maxLength={200} />
        </FormField>
      </div>
      <FormField id={UPLOAD_FIELD_IDS.releaseDate} label="Release date">
        <Input {...field("releaseDate")} type="date" />
      </FormField>
      <FormField id={UPLOAD_FIELD_IDS.lyrics} label="Lyrics">
        <Textarea {...field("lyrics")} maxLength={20000} rows={4} />
      </FormField>
    </fieldset>
  );
}
