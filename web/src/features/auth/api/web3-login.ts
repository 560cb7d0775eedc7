import type { CurrentUser } from "@loop/rules/api-types";
import type { Web3LoginBody } from "@loop/rules/schemas/auth";
import { jsonCall } from "@/lib/api-client";

/** POST /api/auth/web3: signs in with a signed SIWE message; sets the session cookie. */
export const web3Login = jsonCall<Web3LoginBody, CurrentUser>("POST", "/api/auth/web3");
