import { useState } from "react";

/**
 * Starts a dialog over each time it opens: calls `reset` (during render, before anything stale is
 * shown) when `subject` changes to a truthy value. `subject` is what the dialog is open for (the
 * user, the withdrawal: null when closed) or `open` itself.
 */
export function useResetOnOpen<T>(subject: T, reset: () => void): void {
  const [shownFor, setShownFor] = useState(subject);
  if (subject !== shownFor) {
    setShownFor(subject);
    if (subject) reset();
  }
}
