import { currentUserSchema, levelInfoSchema, nonceResponseSchema } from "@loop/rules/schemas/api-responses";
import { web3LoginSchema } from "@loop/rules/schemas/auth";
import {
  banned,
  bodyTooLarge,
  crossSiteOrBanned,
  failure,
  invalidBody,
  json,
  rateLimited,
  redirect,
  setsSessionCookie,
  signInRequired,
} from "../responses";
import { defineFeature, type HeaderSpec } from "../spec";

const clearsSessionCookie: Record<string, HeaderSpec> = {
  "Set-Cookie": {
    description: "`loop_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`",
    schema: { type: "string" },
    required: true,
  },
};

export const authOperations = defineFeature({
  tag: "auth",
  description: "Sessions and Sign-In with Ethereum (EIP-4361).",
  schemas: {
    CurrentUser: currentUserSchema,
    LevelInfo: levelInfoSchema,
    NonceResponse: nonceResponseSchema,
    Web3LoginBody: web3LoginSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/auth/user",
      operationId: "getCurrentUser",
      summary: "The signed-in user",
      description: "Also answers for a banned account, so the app can show the ban.",
      auth: "required",
      responses: { 200: json(currentUserSchema, "The signed-in user"), 401: signInRequired },
    },
    {
      method: "get",
      path: "/api/logout",
      operationId: "logoutPage",
      summary: "The logout page (a full-page navigation)",
      description:
        "Never signs out by itself, so another site cannot sign a member out with a link. Signed in: a small HTML page " +
        "naming the account, whose `Log out` button posts to `POST /api/logout`. Signed out: a redirect to `/`. " +
        "Also works for a banned account.",
      auth: "optional",
      responses: {
        200: { description: "The page with the `Log out` button (signed in)", content: { "text/html": { schema: { type: "string" } } } },
        302: redirect("To `/`: not signed in, nothing to log out of"),
      },
    },
    {
      method: "post",
      path: "/api/logout",
      operationId: "logout",
      summary: "Sign out",
      description:
        "Ends the session, if any, and clears the cookie. Like every state-changing call it needs the app's `Origin`. " +
        "A request that prefers HTML over JSON (the logout page's form) is redirected to `/`; others get 204. " +
        "Also works for a banned account.",
      auth: "optional",
      responses: {
        204: { description: "Signed out", headers: clearsSessionCookie },
        303: redirect("To `/`, signed out (the logout page's form)", clearsSessionCookie),
        403: failure(
          ["CROSS_SITE_REFUSED"],
          "`Cross-site request refused`: the `Origin` (or, without it, the `Referer`) is not the app's origin.",
        ),
      },
    },
    {
      method: "get",
      path: "/api/auth/nonce",
      operationId: "getSiweNonce",
      summary: "A single-use nonce for the EIP-4361 message to sign",
      description: "Shares its per-IP rate limit with `POST /api/auth/web3` and `POST /api/auth/connect-wallet`.",
      auth: "optional",
      responses: { 200: json(nonceResponseSchema, "A new nonce"), 403: banned, 429: rateLimited },
    },
    {
      method: "post",
      path: "/api/auth/web3",
      operationId: "signInWithWallet",
      summary: "Sign in with a signed EIP-4361 message",
      description:
        "Creates the account on the first sign-in of a wallet. The message must name this app's domain and URI, " +
        "a configured chain and a nonce from `GET /api/auth/nonce`; smart-wallet signatures (EIP-1271, ERC-6492) " +
        "are checked on that chain.",
      auth: "optional",
      body: web3LoginSchema,
      responses: {
        200: json(currentUserSchema, "Signed in: the user", setsSessionCookie),
        400: invalidBody,
        401: failure(["SIWE_MESSAGE_INVALID"], "`Invalid sign-in message: <reason>`: a failed check of the message, signature or nonce."),
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: rateLimited,
        503: failure(["SIWE_CHAIN_UNAVAILABLE"], "The chain that must verify a smart-wallet signature cannot be reached."),
      },
    },
  ],
});
