/**
 * The toasts that tell an action's outcome (kept apart from the toast store, which the first page
 * loads: only the features' forms need these).
 */
import { getServerMessage } from "./api-client";
import { toast } from "./toast";

/** An action that succeeded. */
export function successToast(title: string, description?: string): number {
  return toast({ title, description, variant: "success" });
}

/** An action that failed: its title, and the server's message (or `fallback` when it gave none). */
export function failureToast(title: string, error: unknown, fallback: string): number {
  return toast({ title, description: getServerMessage(error, fallback), variant: "destructive" });
}

export interface OutcomeToasts<T> {
  /** The success toast's title, and its text (from the result when a function). */
  success: string;
  description?: string | ((result: T) => string);
  /** The failure toast's title, and its text when the server gave no message. */
  failure: string;
  fallback: string;
  /** After the success toast (e.g. close the dialog). */
  then?: (result: T) => void;
}

/** `mutate` handlers that report an action's outcome in a toast (the success toast, or the failure with the server's message). */
export function outcomeToasts<T>({ success, description, failure, fallback, then }: OutcomeToasts<T>) {
  return {
    onSuccess: (result: T) => {
      successToast(success, typeof description === "function" ? description(result) : description);
      then?.(result);
    },
    onError: (error: unknown) => {
      failureToast(failure, error, fallback);
    },
  };
}
