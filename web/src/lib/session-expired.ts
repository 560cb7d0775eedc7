/**
 * docs/product.md#general-errors: a 401 on purchase or download shows 'Unauthorized: You are logged out. Logging in
 * again...' and sends the user to log in after 500 ms.
 */
import { fullPageNavigate, LOGIN_URL } from "./navigation";
import { toast, type ToastInput } from "./toast";

export const LOGIN_REDIRECT_DELAY_MS = 500;

export const UNAUTHORIZED_TOAST = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  variant: "destructive",
} as const satisfies ToastInput;

/** Shows the 'Unauthorized' toast and goes to the login page 500 ms later. */
export function redirectToLoginAfterUnauthorized(): void {
  toast(UNAUTHORIZED_TOAST);
  setTimeout(() => fullPageNavigate(LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
}
