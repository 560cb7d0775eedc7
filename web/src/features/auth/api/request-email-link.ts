import type { EmailLoginBody } from "@loop/rules/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** POST /api/auth/email: mails a one-time sign-in link; answers `{message}`. */
export function requestEmailLink(body: EmailLoginBody): Promise<{ message: string }> {
  return apiJson<{ message: string }>("POST", "/api/auth/email", body);
}

export function useRequestEmailLink() {
  return useMutation({ mutationFn: requestEmailLink });
}
