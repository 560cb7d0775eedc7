import type { ToastInput } from "@/lib/toast";

/**
 * A server message of the form "Title: explanation" (the API's convention) as a toast's title and
 * text; any other message goes under `fallbackTitle`.
 */
export function toastFromMessage(message: string, fallbackTitle: string): ToastInput {
  const match = /^([A-Z][^:.!?]{1,40}): (.+)$/s.exec(message);
  if (match) return { title: match[1]!, description: match[2]!, variant: "destructive" };
  return { title: fallbackTitle, description: message, variant: "destructive" };
}
