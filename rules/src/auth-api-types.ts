/** Response shapes of the sign-in and infrastructure routes (api/src/features/auth, email-login, health). */

/** GET /api/auth/nonce: a single-use EIP-4361 nonce, valid for 10 minutes. */
export interface NonceResponse {
  nonce: string;
}

/** POST /api/auth/email: always the same answer, whether or not the account exists. */
export interface EmailLinkSentResponse {
  message: string;
}

/** GET /api/health: 200 with database "ok", 503 otherwise. */
export interface HealthResponse {
  status: "ok" | "error";
  database: "ok" | "unreachable";
}
