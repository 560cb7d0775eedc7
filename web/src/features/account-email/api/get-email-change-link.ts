import type { EmailChangeLink } from "@loop/rules/schemas/email-change";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** POST /api/profile/email/link: the address and account a confirmation link is for, without using it up; 400 `{message}` when expired or used. */
export function getEmailChangeLink(token: string): Promise<EmailChangeLink> {
  return apiJson<EmailChangeLink>("POST", "/api/profile/email/link", { token });
}

export function emailChangeLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["email-change-link", token] as const,
    queryFn: () => getEmailChangeLink(token),
    retry: false,
  });
}

export function useEmailChangeLink(token: string) {
  return useQuery({ ...emailChangeLinkQueryOptions(token), enabled: token !== "" });
}
