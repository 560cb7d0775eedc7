import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";

export interface TakeDownDialogProps {
  /** How many loops would be taken down; 0: closed. */
  count: number;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Take down N loops?": the confirmation of a take-down, of one row or of the selected ones. */
export function TakeDownDialog({ count, pending, onConfirm, onCancel }: TakeDownDialogProps) {
  // The count stays while the dialog closes (its title does not read "0 loops" on the way out).
  const [shown, setShown] = useState(count);
  if (count > 0 && count !== shown) setShown(count);
  const one = shown === 1;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <FormDialog
      open={count > 0}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      keepOpenWhilePending
      title={`Take down ${shown} ${one ? "loop" : "loops"}?`}
      icon={Trash2}
      description={
        one
          ? "It leaves the catalog, search and profiles. Buyers keep it in their libraries."
          : "They leave the catalog, search and profiles. Buyers keep them in their libraries."
      }
      onSubmit={onSubmit}
      submitLabel="Take down"
      pendingLabel="Taking down…"
      submitVariant="destructive"
      pending={pending}
      cancelDisabled={pending}
    />
  );
}
