import { z } from "zod";

/** POST /api/auth/email/link and /verify: the token of a sign-in link, posted by the /login/confirm page. */
export const emailLinkVerifySchema = z.object({
  token: z.string().min(1, "The sign-in link is incomplete").max(200, "The sign-in link is invalid"),
});
export type EmailLinkVerifyBody = z.infer<typeof emailLinkVerifySchema>;
