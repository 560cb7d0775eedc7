import type { CurrentUser } from "@loop/rules/api-types";
import type { Web3LoginBody } from "@loop/rules/schemas/auth";
import { apiJson } from "@/lib/api-client";

/** POST /api/auth/web3: signs in with a signed SIWE message; sets the session cookie. */
export function web3Login(body: Web3LoginBody): Promise<CurrentUser> {
  return apiJson<CurrentUser>("POST", "/api/auth/web3", body);
}
