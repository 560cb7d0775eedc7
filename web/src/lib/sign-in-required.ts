/** What a visitor is told when they try an action that needs an account (like, follow, buy). */
import { toast, type ToastInput } from "./toast";

/** "Login Required: Please log in to {action}." (`action`: "like loops"), for a page without the Join dialog. */
export function loginRequiredToast(action: string): ToastInput {
  return { title: "Login Required", description: `Please log in to ${action}.`, variant: "destructive" };
}

/** The page's Join dialog when it passes one (`onSignInRequired`), else the `fallback` toast. */
export function askToSignIn(onSignInRequired: (() => void) | undefined, fallback: ToastInput): void {
  if (onSignInRequired) onSignInRequired();
  else toast(fallback);
}
