import type { EmailChangeRequestBody, EmailChangeSent } from "@loop/rules/schemas/email-change";
import { useMutation } from "@tanstack/react-query";
import { jsonCall } from "@/lib/api-client";

/**
 * POST /api/profile/email: mails a confirmation link to the new address; 202 `{message}` ("Check your
 * inbox at …"), 409 `{message}` when another account uses the address, 403 "Sign In Again: …" when the
 * session was signed in too long ago and no valid `proof` (a fresh SIWE message signed by the
 * account's wallet) came with it.
 */
export const requestEmailChange = jsonCall<EmailChangeRequestBody, EmailChangeSent>("POST", "/api/profile/email");

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
