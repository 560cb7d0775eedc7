import type { LucideIcon } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogContent, DialogHeading, type DialogHeadingProps } from "./dialog";
import { FormAlert } from "./form-alert";
import { PendingButton } from "./pending-button";

export interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children?: ReactNode;
  /** The validation or server message above the buttons (role="alert"); nothing when empty. */
  error?: string | null;
  /** The error area's id, for the fields' aria-describedby. */
  errorId?: string;
  submitLabel: ReactNode;
  /** The submit button's text while pending (default: the same as submitLabel). */
  pendingLabel?: ReactNode;
  /** The submit button's icon; a spinner takes its place while pending. */
  submitIcon?: LucideIcon;
  submitVariant?: ButtonProps["variant"];
  submitClassName?: string;
  /** Submitting: the submit button shows a spinner and is disabled. */
  pending?: boolean;
  /** Disabled for another reason than pending (e.g. a required field is empty). */
  submitDisabled?: boolean;
  /** The Cancel button's action; without one there is no Cancel button. */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  cancelVariant?: ButtonProps["variant"];
  cancelDisabled?: boolean;
  className?: string;
  footerClassName?: string;
}

/** A dialog's form (noValidate: the page checks it with the shared schemas): the fields, the error area, Cancel and submit. */
export function DialogForm({
  onSubmit,
  children,
  error,
  errorId,
  submitLabel,
  pendingLabel,
  submitIcon,
  submitVariant,
  submitClassName,
  pending = false,
  submitDisabled = false,
  onCancel,
  cancelLabel = "Cancel",
  cancelVariant = "ghost",
  cancelDisabled,
  className,
  footerClassName,
}: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className={cn("mt-5 grid gap-4", className)}>
      {children}
      {error ? <FormAlert id={errorId} message={error} /> : null}
      <div className={cn("flex justify-end gap-2", footerClassName)}>
        {onCancel ? (
          <Button variant={cancelVariant} disabled={cancelDisabled} onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
        <PendingButton
          type="submit"
          variant={submitVariant}
          className={submitClassName}
          pending={pending}
          disabled={submitDisabled}
          icon={submitIcon}
        >
          {pending && pendingLabel !== undefined ? pendingLabel : submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}

export interface FormDialogProps extends DialogHeadingProps, Omit<DialogFormProps, "className" | "onCancel"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Cancel's action (default: close). */
  onCancel?: () => void;
  /** While pending the dialog cannot be closed, so the outcome is shown in it. */
  keepOpenWhilePending?: boolean;
  /** Shown instead of the form: a state of the dialog that is not the form (uploading, waiting, done). */
  statusView?: ReactNode;
  /** The dialog box's classes (width, scrolling). */
  className?: string;
  formClassName?: string;
}

/**
 * A dialog that is a form: title (with an optional icon) and description, the fields, an error area,
 * Cancel and a submit button that shows when it is pending.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  icon,
  description,
  onCancel,
  keepOpenWhilePending = false,
  statusView,
  className,
  formClassName,
  ...form
}: FormDialogProps) {
  const locked = keepOpenWhilePending && form.pending === true;
  return (
    <Dialog open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <DialogContent className={className}>
        <DialogHeading title={title} icon={icon} description={description} />
        {statusView ?? <DialogForm className={formClassName} onCancel={onCancel ?? (() => onOpenChange(false))} {...form} />}
      </DialogContent>
    </Dialog>
  );
}
