import { currentUserSchema, emailLinkAccountSchema, emailLinkSentResponseSchema } from "@loop/rules/schemas/api-responses";
import { emailLoginSchema } from "@loop/rules/schemas/auth";
import { emailLinkVerifySchema } from "@loop/rules/schemas/email-link";
import { bodyTooLarge, crossSiteOrBanned, failure, invalidBody, json, rateLimited, setsSessionCookie } from "../responses";
import { defineFeature } from "../spec";

export const emailLoginOperations = defineFeature({
  tag: "email-login",
  description: "Sign-in by one-time link sent by e-mail.",
  schemas: {
    CurrentUser: currentUserSchema,
    EmailLinkAccount: emailLinkAccountSchema,
    EmailLinkSentResponse: emailLinkSentResponseSchema,
    EmailLoginBody: emailLoginSchema,
    EmailLinkVerifyBody: emailLinkVerifySchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/auth/email",
      operationId: "sendEmailSignInLink",
      summary: "Mail a one-time sign-in link",
      description:
        "The link opens the web page `/login/confirm?token=…`, valid 15 minutes. The answer is the same whether or " +
        "not an account exists. Rate limited per client address and per e-mail address.",
      auth: "optional",
      body: emailLoginSchema,
      responses: {
        200: json(emailLinkSentResponseSchema, "`Check your inbox for a sign-in link.`"),
        400: invalidBody,
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: rateLimited,
        503: failure(["EMAIL_NOT_SENT"], "The e-mail could not be sent; try again in a few minutes."),
      },
    },
    {
      method: "post",
      path: "/api/auth/email/link",
      operationId: "getEmailSignInLinkAccount",
      summary: "Whom the token of an e-mailed link signs in as",
      description:
        "Does not use up the token. The confirm page shows the address (and the account's username, or that a new " +
        "account will be created) before the user continues, so a link opened in someone else's browser does not " +
        "sign them into this account unawares. Shares its per-IP rate limit with `POST /api/auth/email/verify`.",
      auth: "optional",
      body: emailLinkVerifySchema,
      responses: {
        200: json(emailLinkAccountSchema, "The account the link signs in as"),
        400: invalidBody,
        401: failure(["SIGN_IN_LINK_INVALID"], "`This sign-in link has expired or was already used.`"),
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: rateLimited,
      },
    },
    {
      method: "post",
      path: "/api/auth/email/verify",
      operationId: "verifyEmailSignInLink",
      summary: "Sign in with the token of an e-mailed link",
      description:
        "Uses up the token; creates the account on the first sign-in of the address. The confirm page calls it only " +
        "when the user presses `Continue as <address>`.",
      auth: "optional",
      body: emailLinkVerifySchema,
      responses: {
        200: json(currentUserSchema, "Signed in: the user", setsSessionCookie),
        400: invalidBody,
        401: failure(["SIGN_IN_LINK_INVALID"], "`This sign-in link has expired or was already used.`"),
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: rateLimited,
      },
    },
  ],
});
