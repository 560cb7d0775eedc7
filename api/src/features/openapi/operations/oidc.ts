import { z } from "zod";
import { banned, redirect, setsSessionCookie } from "../responses";
import { defineFeature } from "../spec";

/** What the provider appends to the redirect URI (OpenID Connect Core §3.1.2.5, RFC 9207). */
const callbackQuery = z.object({
  code: z.string().optional().describe("Authorization code"),
  state: z.string().optional(),
  iss: z.string().optional().describe("Issuer identifier (RFC 9207)"),
  error: z.string().optional().describe("Error code, when the provider refused"),
  error_description: z.string().optional(),
});

const backToLoginPage = "`/login?error=<message>` when the sign-in failed";

export const oidcOperations = defineFeature({
  tag: "oidc",
  description:
    "Sign-in through an external OpenID Connect provider (authorization code + PKCE), when `OIDC_ISSUER` is configured. " +
    "Both calls are browser navigations: failures redirect to the web app's sign-in page.",
  operations: [
    {
      method: "get",
      path: "/api/login",
      operationId: "startOidcSignIn",
      summary: "Start sign-in at the OpenID Connect provider (the menu's “Sign Up / Login”)",
      auth: "optional",
      responses: {
        302: redirect(
          `To the provider's authorization endpoint; to the web page \`/login\` when no provider is configured; ${backToLoginPage}`,
          {
            "Set-Cookie": {
              description: "`loop_oidc=…; HttpOnly; SameSite=Lax`, 10 minutes: state, nonce and PKCE verifier of this attempt",
              schema: { type: "string" },
            },
          },
        ),
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/auth/oidc/callback",
      operationId: "finishOidcSignIn",
      summary: "The provider's redirect back: finish sign-in",
      auth: "optional",
      query: callbackQuery,
      responses: {
        302: redirect(`To \`/\`, signed in (the session cookie is set); ${backToLoginPage}`, {
          "Set-Cookie": { ...setsSessionCookie["Set-Cookie"]!, required: false },
        }),
        403: banned,
      },
    },
  ],
});
