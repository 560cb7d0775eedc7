import type { EmailChangeRequestBody, EmailChangeSent } from "@loop/rules/schemas/email-change";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/**
 * POST /api/profile/email: mails a confirmation link to the new address; 202 `{message}` ("Check your
 * inbox at …"), 409 `{message}` when another account uses the address.
 */
export function requestEmailChange(body: EmailChangeRequestBody): Promise<EmailChangeSent> {
  return apiJson<EmailChangeSent>("POST", "/api/profile/email", body);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
