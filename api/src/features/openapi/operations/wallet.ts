import { currentUserSchema } from "@loop/rules/schemas/api-responses";
import { connectWalletSchema } from "@loop/rules/schemas/auth";
import { bodyTooLarge, crossSiteOrBanned, failure, invalidBody, json, rateLimited, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const walletOperations = defineFeature({
  tag: "wallet",
  description: "Linking a wallet to the signed-in account.",
  schemas: { CurrentUser: currentUserSchema, ConnectWalletBody: connectWalletSchema },
  operations: [
    {
      method: "post",
      path: "/api/auth/connect-wallet",
      operationId: "connectWallet",
      summary: "Link a wallet, proven by a signed EIP-4361 message",
      description: "Replaces the wallet linked before, if any. Shares its rate limit with wallet sign-in.",
      auth: "required",
      body: connectWalletSchema,
      responses: {
        200: json(currentUserSchema, "The user with the wallet linked"),
        400: invalidBody,
        401: failure(
          ["UNAUTHORIZED", "SIWE_MESSAGE_INVALID"],
          "Not signed in; or `Invalid sign-in message: <reason>`, a failed check of the message, signature or nonce.",
        ),
        403: crossSiteOrBanned,
        409: failure(["WALLET_TAKEN"], "`This wallet is already linked to another account.`"),
        413: bodyTooLarge,
        429: rateLimited,
        503: failure(["SIWE_CHAIN_UNAVAILABLE"], "The chain that must verify a smart-wallet signature cannot be reached."),
      },
    },
    {
      method: "post",
      path: "/api/auth/disconnect-wallet",
      operationId: "disconnectWallet",
      summary: "Unlink the account's wallet",
      auth: "required",
      responses: {
        200: json(currentUserSchema, "The user without a wallet"),
        401: signInRequired,
        403: crossSiteOrBanned,
        409: failure(["WALLET_ONLY_SIGN_IN"], "The wallet is the account's only way to sign in (no e-mail, no OpenID Connect identity)."),
      },
    },
  ],
});
