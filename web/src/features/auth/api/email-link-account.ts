import type { EmailLinkAccount } from "@loop/rules/auth-api-types";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** POST /api/auth/email/link: whom a sign-in link signs in as, without using it up; 401 `{message}` when expired or used. */
export function getEmailLinkAccount(token: string): Promise<EmailLinkAccount> {
  return apiJson<EmailLinkAccount>("POST", "/api/auth/email/link", { token });
}

export function useEmailLinkAccount(token: string) {
  return useQuery({
    queryKey: ["email-link-account", token],
    queryFn: () => getEmailLinkAccount(token),
    enabled: token !== "",
  });
}
