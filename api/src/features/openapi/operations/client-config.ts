import { chainConfigSchema, chainContractsSchema, clientConfigSchema } from "@loop/rules/schemas/api-responses";
import { json } from "../responses";
import { defineFeature } from "../spec";

export const clientConfigOperations = defineFeature({
  tag: "config",
  description: "What the web app needs to know about chains and sign-in; nothing secret.",
  schemas: { ClientConfig: clientConfigSchema, ChainConfig: chainConfigSchema, ChainContracts: chainContractsSchema },
  operations: [
    {
      method: "get",
      path: "/api/config",
      operationId: "getClientConfig",
      summary: "Chains with their RPC URLs and contract addresses, the default chain, WalletConnect and OpenID Connect settings",
      auth: "none",
      responses: { 200: json(clientConfigSchema, "The client configuration") },
    },
  ],
});
