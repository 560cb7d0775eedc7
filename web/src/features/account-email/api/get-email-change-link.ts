import type { EmailChangeLink } from "@loop/rules/schemas/email-change";
import { useQuery } from "@tanstack/react-query";
import { linkTokenQueryOptions } from "@/lib/json-query";

/** POST /api/profile/email/link: the address and account a confirmation link is for, without using it up; 400 `{message}` when expired or used. */
export function emailChangeLinkQueryOptions(token: string) {
  return linkTokenQueryOptions<EmailChangeLink>("email-change-link", "/api/profile/email/link", token);
}

export function useEmailChangeLink(token: string) {
  return useQuery({ ...emailChangeLinkQueryOptions(token), enabled: token !== "" });
}
