import { getServerMessage } from "@/lib/api-client";

/** The part of a TanStack mutation a dialog reads. */
interface DialogMutation {
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The props of a dialog that runs one mutation: closing it forgets the last refusal (so the next opening
 * starts clean), the pending flag, and the refusal's text (the server's message, or `failedText`).
 */
export function mutationDialogProps(mutation: DialogMutation, onOpenChange: (open: boolean) => void, failedText: string) {
  return {
    onOpenChange: (next: boolean) => {
      if (!next) mutation.reset();
      onOpenChange(next);
    },
    pending: mutation.isPending,
    error: mutation.isError ? getServerMessage(mutation.error, failedText) : null,
  };
}
