// What an API process runs (LOOP_ROLES): `api` serves HTTP and runs the light sweeps every replica
// may run; `worker` runs the background workers (audio jobs, broadcasts, settlement, payouts).
// Unset: both, in one process (`pnpm dev`, `pnpm start`). See the README, "Running as several processes".
import { ConfigError, value, type Env } from "../config/env";

export const ROLES = ["api", "worker"] as const;
export type Role = (typeof ROLES)[number];

/** LOOP_ROLES: `api`, `worker` or `api,worker` (either order, spaces allowed); unset → both. */
export function rolesFrom(env: Env): Role[] {
  const raw = value(env, "LOOP_ROLES");
  if (raw === undefined) return [...ROLES];
  const names = raw.split(",").map((name) => name.trim());
  const refused = () => new ConfigError(`LOOP_ROLES must be api, worker or api,worker (got "${raw}")`);
  if (names.some((name) => !(ROLES as readonly string[]).includes(name))) throw refused();
  if (new Set(names).size !== names.length) throw refused();
  // Always in the same order, whatever order they were given in.
  return ROLES.filter((role) => names.includes(role));
}

export function hasRole(roles: readonly Role[], role: Role): boolean {
  return roles.includes(role);
}
