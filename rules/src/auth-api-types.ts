/** Response shapes of the sign-in and infrastructure routes (api/src/features/auth, email-login, health). */

/** GET /api/auth/nonce: a single-use EIP-4361 nonce, valid for 10 minutes. */
export interface NonceResponse {
  nonce: string;
}

/** POST /api/auth/email: always the same answer, whether or not the account exists. */
export interface EmailLinkSentResponse {
  message: string;
}

/**
 * POST /api/auth/email/link: the account a sign-in link signs in as, shown by the confirm page
 * before the link is used (so nobody is signed into someone else's account unawares).
 */
export interface EmailLinkAccount {
  /** The address the link was sent to. */
  email: string;
  /** The account's username; null when the link will create a new account. */
  username: string | null;
}

/** GET /api/health, per chain: RPC, indexer and settlement. */
export interface ChainHealth {
  chainId: number;
  name: string;
  rpc: "ok" | "unreachable";
  /** The chain's head block (decimal string), null when the RPC does not answer. */
  head: string | null;
  /** The last block Ponder has indexed, null before it has indexed any. */
  indexedHead: string | null;
  /** Blocks an event waits for before it is settled. */
  confirmations: number;
  /** Indexed events deep enough to settle that are not settled yet. */
  unsettledEvents: number;
  /** Seconds since the oldest of them happened (block time); 0 when there are none. */
  settlementLagSeconds: number;
}

/** GET /api/health: 200 with database "ok", 503 otherwise. Chains report, they do not fail the check. */
/** GET /api/health/live and /api/health/ready (and a worker-only process's /health/live, /health/ready). */
export interface HealthProbeResponse {
  status: "ok" | "error";
  /** What the process runs (LOOP_ROLES). */
  roles: ("api" | "worker")[];
}

export interface HealthResponse {
  status: "ok" | "error";
  database: "ok" | "unreachable";
  /** Chains with deployed contracts; empty when the database is unreachable. */
  chains: ChainHealth[];
}
