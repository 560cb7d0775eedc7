/**
 * Loads the wallet stack (wagmi + viem + RainbowKit) on demand and shares its state.
 * Light module: the stack itself is a dynamic import, so the landing page never pays for it
 * unless the user asks for a wallet, a page needs it, or a remembered connection should reconnect.
 */
import type { ClientConfig } from "@loop/rules/chains";
import { useSyncExternalStore } from "react";
import { clientConfigQueryOptions } from "../client-config";
import { queryClient } from "../query-client";
import { DISCONNECTED, type WalletControls, type WalletSnapshot, type WalletStackComponent } from "./types";

export type WalletPhase = "idle" | "loading" | "ready" | "failed";

export interface WalletState {
  phase: WalletPhase;
  snapshot: WalletSnapshot;
  /** Set once the stack module and the client config are loaded: `<WalletHost>` mounts it. */
  stack: { Component: WalletStackComponent; config: ClientConfig } | null;
}

const INITIAL: WalletState = { phase: "idle", snapshot: DISCONNECTED, stack: null };

let state: WalletState = INITIAL;
let controls: WalletControls | null = null;
let loading: Promise<WalletControls> | null = null;
let resolveControls: ((controls: WalletControls) => void) | null = null;
/** Counts `resetWalletStore()` calls: a load started before the last one no longer writes into the store. */
let resets = 0;
const listeners = new Set<() => void>();

function setState(patch: Partial<WalletState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getWalletState(): WalletState {
  return state;
}

export function useWalletState(): WalletState {
  return useSyncExternalStore(subscribe, getWalletState, getWalletState);
}

const getStack = () => state.stack;

/** The loaded stack only (does not re-render on account changes). */
export function useWalletStack(): WalletState["stack"] {
  return useSyncExternalStore(subscribe, getStack, getStack);
}

/** The connected wallet account, or the disconnected snapshot while the stack is not loaded. */
export function useWalletSnapshot(): WalletSnapshot {
  return useWalletState().snapshot;
}

/** Loads the wallet stack (once) and resolves with its controls when it is mounted. */
export function loadWallet(): Promise<WalletControls> {
  if (controls) return Promise.resolve(controls);
  if (loading) return loading;
  setState({ phase: "loading" });
  const startedAt = resets;
  loading = (async () => {
    const [config, module, { WalletUnavailableError }] = await Promise.all([
      queryClient.fetchQuery(clientConfigQueryOptions),
      import("./wallet-stack"),
      // The error classes come with the stack (which uses them): not in the landing page's JavaScript.
      import("./wallet-errors"),
    ]);
    if (resets !== startedAt) return abandoned();
    if (config.chains.length === 0) throw new WalletUnavailableError("No chain is configured for wallets.");
    return new Promise<WalletControls>((resolve) => {
      resolveControls = resolve;
      setState({ stack: { Component: module.WalletStack, config } });
    });
  })().catch(async (error: unknown) => {
    if (resets !== startedAt) return abandoned();
    loading = null;
    setState({ phase: "failed" });
    if (error instanceof Error) throw error;
    const { WalletUnavailableError } = await import("./wallet-errors");
    throw new WalletUnavailableError(String(error));
  });
  return loading;
}

/** Called by the mounted stack. */
export function publishControls(next: WalletControls): void {
  controls = next;
  setState({ phase: "ready" });
  resolveControls?.(next);
  resolveControls = null;
}

/** Called by the mounted stack on every account change. */
export function publishSnapshot(snapshot: WalletSnapshot): void {
  const current = state.snapshot;
  if (
    current.status === snapshot.status &&
    current.address === snapshot.address &&
    current.chainId === snapshot.chainId &&
    current.connectorName === snapshot.connectorName
  ) {
    return;
  }
  setState({ snapshot });
}

/** The controls if the stack is already loaded (no loading). */
export function getLoadedWalletControls(): WalletControls | null {
  return controls;
}

/** wagmi's persisted store (`wagmi.store` in localStorage) says a wallet was connected. */
export function hasRememberedConnection(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): boolean {
  try {
    const raw = storage?.getItem("wagmi.store");
    if (!raw) return false;
    const parsed = JSON.parse(raw) as { state?: { current?: unknown } };
    return typeof parsed.state?.current === "string" && parsed.state.current.length > 0;
  } catch {
    return false;
  }
}

/**
 * A load that the store was reset under (tests only): it never settles, so neither the store nor the
 * code that asked for the wallet hears of it again.
 */
function abandoned(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * Test helper: the store as on a fresh page. A load still under way (its config request, the stack's
 * import) belongs to the test that started it: when it ends it writes nothing (no stack, no "failed",
 * no answer to its callers), else it would land in the next test, e.g. a slow test's wallet failing
 * after the next one had started (and its page's catch showing that failure there).
 */
export function resetWalletStore(): void {
  resets += 1;
  state = INITIAL;
  controls = null;
  loading = null;
  resolveControls = null;
  for (const listener of listeners) listener();
}
