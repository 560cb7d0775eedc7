/** POST /api/wallet/faucet: test LOOP for a wallet, on the local development chain only. */
import { z } from "zod";

export const FAUCET_MESSAGES = {
  address: "Invalid Address: Enter a wallet address (0x followed by 40 hex characters)",
  unavailable: "Faucet Unavailable: Test tokens exist only on the local development chain",
  tooSoon: "Too Many Requests: Test tokens can be requested once every 30 seconds",
} as const;

/** LOOP minted per request (whole LOOP). */
export const FAUCET_LOOP = "1000000";
export const FAUCET_INTERVAL_MS = 30_000;

export const faucetRequestSchema = z.object({
  address: z.string({ error: FAUCET_MESSAGES.address }).regex(/^0x[0-9a-fA-F]{40}$/, FAUCET_MESSAGES.address),
});
export type FaucetRequest = z.output<typeof faucetRequestSchema>;

export const faucetResponseSchema = z.object({
  address: z.string().describe("EIP-55"),
  amount: z.string().describe("Whole LOOP minted"),
  transactionHash: z.string().regex(/^0x[0-9a-f]{64}$/),
});
export type FaucetResponse = z.infer<typeof faucetResponseSchema>;
