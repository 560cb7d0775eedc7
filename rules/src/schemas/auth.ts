import { z } from "zod";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "Invalid wallet address");
const signature = z.string().regex(/^0x[0-9a-fA-F]+$/, "Invalid signature");
const siweMessage = z.string().min(1, "Message is required").max(4000, "Message is too long");

/** POST /api/auth/web3 */
export const web3LoginSchema = z.object({ address, signature, message: siweMessage });
export type Web3LoginBody = z.infer<typeof web3LoginSchema>;

/** POST /api/auth/connect-wallet */
export const connectWalletSchema = z.object({ walletAddress: address, signature, message: siweMessage });
export type ConnectWalletBody = z.infer<typeof connectWalletSchema>;

/** POST /api/auth/email: asks for a one-time sign-in link. */
export const emailLoginSchema = z.object({
  email: z.string().trim().toLowerCase().email("Please enter a valid e-mail address").max(254),
});
export type EmailLoginBody = z.infer<typeof emailLoginSchema>;
