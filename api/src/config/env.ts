// Reading the environment: each variable trimmed (empty is unset), checked, or a ConfigError that
// names it. Shared by the sections of the configuration (../config.ts).
import type { Hex } from "viem";

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return parsed;
}

export function booleanValue(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function identifier(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) throw new ConfigError(`${name} must be a lower-case SQL identifier`);
  return raw;
}

export function secret(env: Env, name: string): string | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long`);
  return raw;
}

export function privateKey(env: Env, name: string): Hex | null {
  const raw = value(env, name);
  if (raw === undefined) return null;
  const key = raw.startsWith("0x") ? raw : `0x${raw}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new ConfigError(`${name} must be a 32-byte hex private key`);
  return key as Hex;
}

export function url(name: string, raw: string): URL {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
    return parsed;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}
