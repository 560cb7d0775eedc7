import { currentUserSchema } from "@loop/rules/schemas/api-responses";
import {
  emailChangeLinkSchema,
  emailChangeRequestSchema,
  emailChangeSentSchema,
  emailChangeTokenSchema,
} from "@loop/rules/schemas/email-change";
import { bodyTooLarge, crossSiteOrBanned, failure, invalidBody, json, rateLimited, signInRequired } from "../responses";
import { defineFeature } from "../spec";

const LINK_INVALID = failure(
  ["EMAIL_CHANGE_LINK_INVALID", "VALIDATION_FAILED", "MALFORMED_JSON"],
  "`This confirmation link has expired or was already used.`, or the body is invalid.",
);

export const emailChangeOperations = defineFeature({
  tag: "email-change",
  description:
    "Adding or changing the e-mail address of the signed-in account, by a one-time link mailed to the new address. " +
    "The address then gets receipts and order confirmations, and signs in by e-mail link. One address per account.",
  schemas: {
    CurrentUser: currentUserSchema,
    EmailChangeRequestBody: emailChangeRequestSchema,
    EmailChangeTokenBody: emailChangeTokenSchema,
    EmailChangeSent: emailChangeSentSchema,
    EmailChangeLink: emailChangeLinkSchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/profile/email",
      operationId: "requestEmailChange",
      summary: "Mail a confirmation link to a new e-mail address",
      description:
        "The link opens the web page `/profile/email/confirm?token=…`, valid 60 minutes; a new request voids the " +
        "account's earlier links. The address follows the rules of `POST /api/auth/email` (stored in lower case). " +
        "Shares the rate limits of `POST /api/auth/email` (per client address and per e-mail address). " +
        "Needs a session signed in within the last 15 minutes, or `proof`: a Sign-In with Ethereum message with a fresh " +
        "nonce (`GET /api/auth/nonce`) signed by the account's linked wallet. The account is told in the app, and its " +
        "current address (if any) by e-mail.",
      auth: "required",
      body: emailChangeRequestSchema,
      responses: {
        202: json(emailChangeSentSchema, "`Check your inbox at <address> to confirm your e-mail address.`"),
        400: invalidBody,
        401: signInRequired,
        403: failure(
          ["RECENT_SIGN_IN_REQUIRED", "WALLET_PROOF_INVALID", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
          "`Sign In Again: …`: the session was signed in more than 15 minutes ago and no valid `proof` from the account's wallet came " +
            "with the request; or a cross-site request, or a banned account.",
        ),
        409: failure(
          ["EMAIL_TAKEN", "EMAIL_UNCHANGED"],
          "`This e-mail address is already used by another account.` or `This is already the e-mail address of your account.`",
        ),
        413: bodyTooLarge,
        429: rateLimited,
        503: failure(["EMAIL_NOT_SENT"], "The e-mail could not be sent; try again in a few minutes."),
      },
    },
    {
      method: "post",
      path: "/api/profile/email/link",
      operationId: "getEmailChangeLink",
      summary: "What the token of a confirmation link will do",
      description:
        "Does not use up the token. The confirm page names the new address and the account before the member " +
        "presses the button. Shares its per-IP rate limit with `POST /api/auth/email/verify`.",
      auth: "optional",
      body: emailChangeTokenSchema,
      responses: {
        200: json(emailChangeLinkSchema, "The address and the account the link is for"),
        400: LINK_INVALID,
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: rateLimited,
      },
    },
    {
      method: "post",
      path: "/api/profile/email/confirm",
      operationId: "confirmEmailChange",
      summary: "Set the e-mail address with the token of a confirmation link",
      description:
        "Uses up the token and sets its address on the account that asked for it, which must be the signed-in one. " +
        "After a change (not after adding a first address) the old address gets a notice.",
      auth: "required",
      body: emailChangeTokenSchema,
      responses: {
        200: json(currentUserSchema, "The account with its new address"),
        400: LINK_INVALID,
        401: signInRequired,
        403: failure(
          ["EMAIL_CHANGE_WRONG_ACCOUNT", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
          "`This confirmation link belongs to another LOOP account. …` (the link stays usable); a cross-site request; or a banned account.",
        ),
        409: failure(["EMAIL_TAKEN"], "`This e-mail address is already used by another account.` (taken since the link was sent)"),
        413: bodyTooLarge,
        429: rateLimited,
      },
    },
  ],
});
