import { faucetRequestSchema, faucetResponseSchema } from "@loop/rules/schemas/faucet";
import { bodyTooLarge, failure, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const faucetOperations = defineFeature({
  tag: "faucet",
  description: "Test LOOP for development: the local chain (31337) only, refused on every other chain.",
  schemas: { FaucetRequest: faucetRequestSchema, FaucetResponse: faucetResponseSchema },
  operations: [
    {
      method: "post",
      path: "/api/wallet/faucet",
      operationId: "mintTestLoop",
      summary: "Mint 1,000,000 test LOOP to a wallet (local development chain only)",
      auth: "required",
      body: faucetRequestSchema,
      responses: {
        201: json(faucetResponseSchema, "Minted and confirmed"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Address: …`, or malformed JSON."),
        401: signInRequired,
        403: failure(
          ["FAUCET_UNAVAILABLE", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
          "`Faucet Unavailable: …` (not the local chain), a cross-site request, or a banned account.",
        ),
        413: bodyTooLarge,
        429: failure(["FAUCET_TOO_SOON"], "`Too Many Requests: …` (once every 30 seconds)."),
        503: failure(["FAUCET_FAILED"], "`Faucet Failed: …` (the chain did not answer)."),
      },
    },
  ],
});
