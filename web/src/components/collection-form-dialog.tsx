import {
  type CreateCollection,
  createCollectionSchema,
  MAX_COLLECTION_DESCRIPTION,
  MAX_COLLECTION_NAME,
} from "@loop/rules/schemas/collections";
import { FolderPlus, type LucideIcon } from "lucide-react";
import { type FormEvent, useId } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { InputField, TextareaField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useFormValues } from "@/lib/use-form-values";
import { useResetOnOpen } from "@/lib/use-reset-on-open";

export type CollectionValues = Pick<CreateCollection, "name" | "description" | "isPublic">;

export const EMPTY_COLLECTION: CollectionValues = { name: "", description: "", isPublic: false };

export interface CollectionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  icon?: LucideIcon;
  /** The values the form starts with at each opening. */
  initial: CollectionValues;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  /** Called with the checked values (trimmed by the shared schema). */
  onSubmit: (values: CollectionValues) => void;
}

/**
 * A collection's name, description and public switch (docs/product.md#collections), checked with the
 * shared schema: "New collection…" on the cards and the profile, "Edit" on the collection page.
 */
export function CollectionFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  icon = FolderPlus,
  initial,
  pending,
  error,
  onSubmit,
}: CollectionFormDialogProps) {
  const id = useId();
  const form = useFormValues<CollectionValues>(initial);
  useResetOnOpen(open, () => form.reset(initial));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (pending) return;
    const parsed = createCollectionSchema.safeParse(form.values);
    if (!parsed.success) {
      form.setError(parsed.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
    onSubmit({ name: parsed.data.name, description: parsed.data.description, isPublic: parsed.data.isPublic });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      icon={icon}
      description={description}
      onSubmit={submit}
      error={form.error ?? error}
      errorId={`${id}-error`}
      pending={pending}
      keepOpenWhilePending
      submitLabel={submitLabel}
    >
      <InputField id={`${id}-name`} label="Name" maxLength={MAX_COLLECTION_NAME} autoFocus {...form.field("name")} />
      <TextareaField
        id={`${id}-description`}
        label="Description (optional)"
        rows={3}
        maxLength={MAX_COLLECTION_DESCRIPTION}
        {...form.field("description")}
      />
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-surface/60 p-3">
        <div>
          <Label htmlFor={`${id}-public`}>Public</Label>
          <p className="mt-1 text-xs text-muted-foreground">
            Anyone with the link can open a public collection; it shows on your profile. Private ones are only yours.
          </p>
        </div>
        <Switch id={`${id}-public`} checked={form.values.isPublic} onChange={(event) => form.set("isPublic", event.target.checked)} />
      </div>
    </FormDialog>
  );
}
