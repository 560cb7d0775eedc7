import { keysMatching } from "@loop/rules/musical-keys";
import { LOOP_VISIBILITIES, type CreatorLoop } from "@loop/rules/schemas/loops";
import { Pencil, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { GenreOptions, MusicalKeyOptions } from "@/components/select-options";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TabList, TabPanel } from "@/components/ui/tab-list";
import { Textarea } from "@/components/ui/textarea";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useGenres } from "@/lib/get-genres";
import { successToast } from "@/lib/outcome-toasts";
import { cn } from "@/lib/utils";
import { useUpdateLoop } from "../api/update-loop";
import { bpmRefusal, changedFields, editValuesOf, fieldOfMessage, type LoopEditField, type LoopEditValues } from "../lib/loop-edit-form";
import { VISIBILITY_HINTS, VISIBILITY_LABELS } from "../lib/my-loops-format";
import { LoopHistory } from "./loop-history";

const TABS = [
  { id: "details", label: "Details" },
  { id: "history", label: "History" },
] as const;
type EditTab = (typeof TABS)[number]["id"];

export interface EditLoopDialogProps {
  /** The loop being edited; null: closed. */
  loop: CreatorLoop | null;
  onClose: () => void;
}

/**
 * "Edit" of a row of My Loops: the listing's fields (Details) and who changed what (History). Save
 * sends only the changed fields in one PATCH; a refusal shows under its field (or above the buttons).
 */
export function EditLoopDialog({ loop, onClose }: EditLoopDialogProps) {
  const [locked, setLocked] = useState(false);
  return (
    <Dialog open={loop !== null} onOpenChange={(open) => (open || locked ? undefined : onClose())}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto">
        {loop ? <EditLoopBody key={loop.id} loop={loop} onClose={onClose} onPendingChange={setLocked} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface Refusal {
  field: LoopEditField | null;
  message: string;
}

function EditLoopBody({
  loop,
  onClose,
  onPendingChange,
}: {
  loop: CreatorLoop;
  onClose: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [tab, setTab] = useState<EditTab>("details");
  const [initial] = useState(() => editValuesOf(loop));
  const [values, setValues] = useState(initial);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const update = useUpdateLoop();
  const genres = useGenres();
  const prefix = useId();
  const ids = (name: LoopEditField) => ({ control: `${prefix}-${name}`, error: `${prefix}-${name}-error` });
  const changes = changedFields(initial, values);
  const changed = Object.keys(changes).length > 0;

  const set = <K extends LoopEditField>(name: K, value: LoopEditValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setRefusal(null);
  };

  /** A control's id, invalid mark and message link, and its value and change handler. */
  const text = (name: Exclude<LoopEditField, "isFree" | "contentType" | "visibility">) => ({
    id: ids(name).control,
    value: values[name],
    "aria-invalid": refusal?.field === name ? true : undefined,
    "aria-describedby": refusal?.field === name ? ids(name).error : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const fieldError = (name: LoopEditField) =>
    refusal?.field === name ? (
      <p id={ids(name).error} className="text-xs text-rose-200">
        {refusal.message}
      </p>
    ) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bpmMessage = bpmRefusal(initial, values);
    if (bpmMessage) {
      setRefusal({ field: "bpm", message: bpmMessage });
      return;
    }
    if (!changed) return;
    onPendingChange(true);
    update.mutate(
      { loopId: loop.id, changes },
      {
        onSuccess: (saved) => {
          successToast("Loop updated", `"${saved.title}" is saved.`);
          onClose();
        },
        onError: (error) => {
          const message = getServerMessage(error, "The loop could not be saved. Please try again.");
          setRefusal({ field: errorStatus(error) === 400 ? fieldOfMessage(message) : null, message });
        },
        onSettled: () => onPendingChange(false),
      },
    );
  };

  const genreOptions = genres.data ?? [loop.genre];
  const bpmByCreator = values.bpm.trim() !== "" && (loop.detectedBpm === null || Number(values.bpm) !== loop.detectedBpm);
  const keyByCreator = values.key !== "" && (loop.detectedKey === null || !keysMatching(loop.detectedKey).includes(values.key));
  const isTrack = values.contentType === "track";

  return (
    <>
      <DialogHeading title={`Edit ${loop.title}`} icon={Pencil} description="Change how your loop is listed." />
      <div className="mt-4">
        <TabList tabs={TABS} value={tab} onChange={setTab} idPrefix={`${prefix}-tabs`} label="Edit the loop or see its history" />
      </div>
      <TabPanel idPrefix={`${prefix}-tabs`} value={tab}>
        {tab === "history" ? (
          <LoopHistory loopId={loop.id} />
        ) : (
          <DialogForm
            className="mt-0"
            onSubmit={onSubmit}
            error={refusal && refusal.field === null ? refusal.message : null}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            submitIcon={Save}
            pending={update.isPending}
            submitDisabled={!changed}
            onCancel={onClose}
            cancelDisabled={update.isPending}
          >
            <Field label="Title" id={ids("title").control}>
              <Input {...text("title")} maxLength={200} />
              {fieldError("title")}
            </Field>
            <Field label="Description" id={ids("description").control}>
              <Textarea {...text("description")} maxLength={5000} rows={3} />
              {fieldError("description")}
            </Field>
            <Field label="Tags" id={ids("tags").control}>
              <Input {...text("tags")} maxLength={500} placeholder="drums, vinyl, chill (comma-separated)" />
              {fieldError("tags")}
            </Field>
            <Field label="Genre" id={ids("genreId").control}>
              <NativeSelect {...text("genreId")}>
                <GenreOptions genres={genreOptions} />
              </NativeSelect>
              {genres.isError ? (
                <p className="text-xs text-destructive">Genres could not be loaded: only the current one is offered.</p>
              ) : null}
              {fieldError("genreId")}
            </Field>

            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="BPM" id={ids("bpm").control} badge={bpmByCreator ? <SetByCreator /> : null}>
                <Input
                  {...text("bpm")}
                  type="number"
                  inputMode="numeric"
                  min={20}
                  max={300}
                  step={1}
                  placeholder={loop.detectedBpm === null ? "" : String(loop.detectedBpm)}
                />
                <DetectedHint
                  detected={loop.detectedBpm === null ? null : `${loop.detectedBpm} BPM`}
                  onUseDetected={
                    bpmByCreator && loop.detectedBpm !== null
                      ? () => set("bpm", loop.bpm === null ? "" : String(loop.detectedBpm))
                      : undefined
                  }
                />
                {fieldError("bpm")}
              </Field>
              <Field label="Key" id={ids("key").control} badge={keyByCreator ? <SetByCreator /> : null}>
                <NativeSelect {...text("key")}>
                  <option value="">{loop.detectedKey ? `Detected (${loop.detectedKey})` : "Not set"}</option>
                  <MusicalKeyOptions current={values.key} />
                </NativeSelect>
                <DetectedHint detected={loop.detectedKey} onUseDetected={keyByCreator ? () => set("key", "") : undefined} />
                {fieldError("key")}
              </Field>
            </div>

            <RadioGroup
              legend="Type"
              name={`${prefix}-content-type`}
              value={values.contentType}
              options={[
                { value: "loop", label: "Loop" },
                { value: "track", label: "Track" },
              ]}
              onChange={(value) => set("contentType", value)}
              error={fieldError("contentType")}
            />

            {isTrack ? (
              <fieldset className="grid gap-4 rounded-lg border border-border p-4">
                <legend className="px-1 text-sm font-medium">Track details</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Artist name" id={ids("artistName").control}>
                    <Input {...text("artistName")} maxLength={200} />
                    {fieldError("artistName")}
                  </Field>
                  <Field label="Album name" id={ids("albumName").control}>
                    <Input {...text("albumName")} maxLength={200} />
                    {fieldError("albumName")}
                  </Field>
                </div>
                <Field label="Release date" id={ids("releaseDate").control}>
                  <Input {...text("releaseDate")} type="date" />
                  {fieldError("releaseDate")}
                </Field>
                <Field label="Lyrics" id={ids("lyrics").control}>
                  <Textarea {...text("lyrics")} maxLength={20000} rows={4} />
                  {fieldError("lyrics")}
                </Field>
              </fieldset>
            ) : null}

            <Field label="Price (USD)" id={ids("price").control}>
              <Input {...text("price")} inputMode="decimal" value={values.isFree ? "0.00" : values.price} disabled={values.isFree} />
              <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
                <Checkbox checked={values.isFree} onChange={(event) => set("isFree", event.target.checked)} />
                Free download
              </label>
              <p className="text-xs text-muted-foreground">A new price applies to purchases from now on; open offers keep their amounts.</p>
              {fieldError("price")}
            </Field>

            <RadioGroup
              legend="Visibility"
              name={`${prefix}-visibility`}
              value={values.visibility}
              options={LOOP_VISIBILITIES.map((visibility) => ({
                value: visibility,
                label: VISIBILITY_LABELS[visibility],
                hint: VISIBILITY_HINTS[visibility],
              }))}
              onChange={(value) => set("visibility", value)}
              error={fieldError("visibility")}
            />
          </DialogForm>
        )}
      </TabPanel>
    </>
  );
}

/** A field: its label (and a badge beside it) over its control and what goes under it. */
function Field({ label, id, badge, children }: { label: string; id: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        {badge}
      </div>
      {children}
    </div>
  );
}

function SetByCreator() {
  return <Badge variant="outline">set by creator</Badge>;
}

/** "Detected: 92 BPM", and "Use detected" while the creator's value differs. */
function DetectedHint({ detected, onUseDetected }: { detected: string | null; onUseDetected?: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
      {detected ? `Detected: ${detected}` : "Not detected"}
      {onUseDetected ? (
        <Button variant="link" className="text-xs" onClick={onUseDetected}>
          Use detected
        </Button>
      ) : null}
    </p>
  );
}

interface RadioOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** A choice of a few values as radio buttons, side by side from tablet width. */
function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  error: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", options.length === 3 ? "sm:grid-cols-3" : "grid-cols-2")}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              value === option.value ? "border-primary bg-primary/15" : "border-border hover:border-primary/40",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="block font-semibold">{option.label}</span>
              {option.hint ? <span className="block text-xs text-muted-foreground">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
