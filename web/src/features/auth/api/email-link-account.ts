import type { EmailLinkAccount } from "@loop/rules/auth-api-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** POST /api/auth/email/link: whom a sign-in link signs in as, without using it up; 401 `{message}` when expired or used. */
export function getEmailLinkAccount(token: string): Promise<EmailLinkAccount> {
  return apiJson<EmailLinkAccount>("POST", "/api/auth/email/link", { token });
}

export function emailLinkAccountQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["email-link-account", token] as const,
    queryFn: () => getEmailLinkAccount(token),
  });
}

export function useEmailLinkAccount(token: string) {
  return useQuery({ ...emailLinkAccountQueryOptions(token), enabled: token !== "" });
}
