import type { EmailLinkAccount } from "@loop/rules/auth-api-types";
import { useQuery } from "@tanstack/react-query";
import { linkTokenQueryOptions } from "@/lib/json-query";

/** POST /api/auth/email/link: whom a sign-in link signs in as, without using it up; 401 `{message}` when expired or used. */
export function emailLinkAccountQueryOptions(token: string) {
  return linkTokenQueryOptions<EmailLinkAccount>("email-link-account", "/api/auth/email/link", token);
}

export function useEmailLinkAccount(token: string) {
  return useQuery({ ...emailLinkAccountQueryOptions(token), enabled: token !== "" });
}
