import { type OutcomeToasts, outcomeToasts } from "@/lib/outcome-toasts";

/**
 * The toasts of an admin change: `success` with its text, or "Update Failed" with the server's message
 * (`fallback` when it gave none); `then` after the success toast (e.g. close the dialog).
 */
export function updateToasts<T>(
  success: string,
  description: OutcomeToasts<T>["description"],
  fallback: string,
  then?: (result: T) => void,
) {
  return outcomeToasts<T>({ success, description, failure: "Update Failed", fallback, then });
}
