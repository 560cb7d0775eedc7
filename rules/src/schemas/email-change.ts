/**
 * Adding or changing the account's e-mail address (issue 22): POST /api/profile/email (signed in
 * within RECENT_SIGN_IN_MINUTES, or with a fresh wallet signature: issue 35) mails a confirmation
 * link to the new address; its page (/profile/email/confirm?token=…) names the change
 * (POST /api/profile/email/link) and its button confirms it (POST /api/profile/email/confirm).
 */
import { z } from "zod";
import { emailLoginSchema, web3LoginSchema } from "./auth";

/** Adding or changing the address needs a sign-in from the last RECENT_SIGN_IN_MINUTES (or a fresh wallet signature). */
export const RECENT_SIGN_IN_MINUTES = 15;

export const EMAIL_CHANGE_MESSAGES = {
  taken: "This e-mail address is already used by another account.",
  unchanged: "This is already the e-mail address of your account.",
  linkInvalid: "This confirmation link has expired or was already used.",
  wrongAccount:
    "This confirmation link belongs to another LOOP account. Sign in to the account that asked for the change, then open the link again.",
  signInAgain: `Sign In Again: For your security, adding or changing your e-mail address needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. Sign in again, or sign the message with your wallet, then send the address again.`,
  walletProofInvalid:
    "Sign In Again: This signature does not prove the wallet linked to your account. Sign the message with that wallet, or sign in again.",
  linkIncomplete: "The confirmation link is incomplete",
  linkMalformed: "The confirmation link is invalid",
} as const;

/** "Check your inbox at … to confirm your e-mail address." (the 202 answer of POST /api/profile/email). */
export function emailChangeSentMessage(email: string): string {
  return `Check your inbox at ${email} to confirm your e-mail address.`;
}

/**
 * POST /api/profile/email: the new address, with the same rules as the e-mail sign-in. `proof`: a
 * Sign-In with Ethereum message, with a fresh nonce (GET /api/auth/nonce), signed by the account's
 * linked wallet, for a session signed in longer ago than RECENT_SIGN_IN_MINUTES.
 */
export const emailChangeRequestSchema = z.object({
  email: emailLoginSchema.shape.email,
  proof: web3LoginSchema.optional().describe("A fresh SIWE message signed by the account's wallet: stands for a recent sign-in"),
});
export type EmailChangeRequestBody = z.infer<typeof emailChangeRequestSchema>;

/** POST /api/profile/email/link and /confirm: the token of the mailed link, posted by the confirm page. */
export const emailChangeTokenSchema = z.object({
  token: z.string().min(1, EMAIL_CHANGE_MESSAGES.linkIncomplete).max(200, EMAIL_CHANGE_MESSAGES.linkMalformed),
});
export type EmailChangeTokenBody = z.infer<typeof emailChangeTokenSchema>;

/** 202 of POST /api/profile/email. */
export const emailChangeSentSchema = z.object({ message: z.string() });
export type EmailChangeSent = z.infer<typeof emailChangeSentSchema>;

/** POST /api/profile/email/link: what confirming the link will do, without using it up. */
export const emailChangeLinkSchema = z.object({
  email: z.string().describe("The new address (the one the link was sent to)"),
  username: z.string().describe("The account whose address it becomes"),
  replaces: z.boolean().describe("True when the account already has an address, which this one replaces"),
});
export type EmailChangeLink = z.infer<typeof emailChangeLinkSchema>;
