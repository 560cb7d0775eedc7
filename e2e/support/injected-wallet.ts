import type { BrowserContext } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import { type Hex, hexToString, isHex } from "viem";

/**
 * Hardhat's first well-known development keys (accounts #0 to #4 of the public test mnemonic
 * "test test … junk", never used for value): 0xf39F…2266, 0x7099…79C8, 0x3C44…93BC, 0x90F7…b906
 * and 0x15d3…6A65. The local deployment funds each with 1,000,000 LOOP (contracts/local-accounts.json
 * `funded`); #0 is also the deployer. `frank` is account #5 (0x9965…A4dc): ETH for gas but no LOOP
 * from the deployment, so its spec mints its own with the development faucet (POST /api/wallet/faucet);
 * `grace` is account #6 (0x976E…0aa9), likewise.
 */
export const TEST_KEYS = {
  alice: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  bob: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  carol: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  dave: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  erin: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  frank: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  /** Hardhat account #6 (licence.spec.ts): no LOOP from the deployment, its spec uses the faucet. */
  grace: "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
} as const satisfies Record<string, Hex>;

/**
 * localStorage key (per origin, like a real wallet's per-site permission) under which the mock
 * remembers that the page may see its account, so that wagmi reconnects after a reload.
 */
export const WALLET_PERMISSION_KEY = "loop-e2e.wallet-permission";

/**
 * Gives the page an EIP-1193 wallet announced through EIP-6963 (and as window.ethereum, isMetaMask).
 * It answers accounts and chain id itself, signs in Node with a viem local account (the key never
 * enters the page), and forwards every other call to the local Hardhat node. Like a real wallet it
 * keeps the site's permission across reloads (localStorage, WALLET_PERMISSION_KEY) until the page
 * revokes it (`wallet_revokePermissions`, which wagmi's disconnect sends).
 */
export async function installInjectedWallet(
  context: BrowserContext,
  options: {
    privateKey: Hex;
    rpcUrl: string;
    chainId: number;
    /** Told of every signature request (personal_sign: the message as text). */
    onSign?: (request: { method: string; message: string }) => void;
  },
) {
  const account = privateKeyToAccount(options.privateKey);
  await context.exposeFunction("__loopE2eSign", async (method: string, params: unknown[]) => {
    if (method === "personal_sign") {
      const [data] = params as [Hex];
      options.onSign?.({ method, message: isHex(data) ? hexToString(data) : String(data) });
      return account.signMessage({ message: isHex(data) ? { raw: data } : String(data) });
    }
    if (method === "eth_signTypedData_v4") {
      const [, json] = params as [string, string];
      const typed = JSON.parse(json);
      options.onSign?.({ method, message: json });
      const { EIP712Domain: _domain, ...types } = typed.types;
      return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message });
    }
    throw new Error(`unsupported signing method ${method}`);
  });
  await context.addInitScript(
    ({ address, rpcUrl, chainId, permissionKey }) => {
      const listeners: Record<string, Array<(...args: unknown[]) => void>> = {};
      const chainHex = `0x${chainId.toString(16)}`;
      // The site's permission survives reloads; storage can be unavailable (opaque origins).
      const readPermission = () => {
        try {
          return window.localStorage.getItem(permissionKey) === address;
        } catch {
          return false;
        }
      };
      let connected = readPermission();
      const setConnected = (value: boolean) => {
        connected = value;
        try {
          if (value) window.localStorage.setItem(permissionKey, address);
          else window.localStorage.removeItem(permissionKey);
        } catch {
          /* not persisted */
        }
      };
      let rpcId = 0;
      const emit = (event: string, ...args: unknown[]) => (listeners[event] ?? []).forEach((fn) => fn(...args));
      // As MetaMask: granting access answers the request first and tells the listeners afterwards
      // (an event on a later task), and never emits `connect` (that is the provider reaching its
      // chain, at start-up): a `connect` in the middle of a request sends wagmi's connector down its
      // second connect path while RainbowKit's connect is still running.
      const grantAccess = () => {
        const changed = !connected;
        setConnected(true);
        if (changed) setTimeout(() => emit("accountsChanged", [address]), 0);
      };
      const permissions = () => [{ parentCapability: "eth_accounts", caveats: [{ type: "restrictReturnedAccounts", value: [address] }] }];
      const provider = {
        isMetaMask: true,
        async request({ method, params = [] }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts":
              grantAccess();
              return [address];
            case "eth_accounts":
              return connected ? [address] : [];
            case "eth_chainId":
              return chainHex;
            case "net_version":
              return String(chainId);
            case "wallet_requestPermissions":
              grantAccess();
              return permissions();
            case "wallet_getPermissions":
              return connected ? permissions() : [];
            case "wallet_revokePermissions":
              if (connected) {
                setConnected(false);
                setTimeout(() => emit("accountsChanged", []), 0);
              }
              return null;
            case "wallet_switchEthereumChain":
            case "wallet_addEthereumChain":
            case "wallet_watchAsset":
              return null;
            case "personal_sign":
            case "eth_signTypedData_v4":
              return (window as unknown as { __loopE2eSign: (m: string, p: unknown[]) => Promise<string> }).__loopE2eSign(method, params);
            default: {
              const response = await fetch(rpcUrl, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
              });
              const body = await response.json();
              if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
              return body.result;
            }
          }
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          (listeners[event] ??= []).push(fn);
          return provider;
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
          return provider;
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
      const icon =
        "data:image/svg+xml;base64," +
        btoa('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="6" fill="#f6851b"/></svg>');
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", {
            detail: Object.freeze({
              info: { uuid: "7d4c5c2e-6f1e-4d0e-9a56-e2e0000000aa", name: "MetaMask", icon, rdns: "io.metamask" },
              provider,
            }),
          }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { address: account.address, rpcUrl: options.rpcUrl, chainId: options.chainId, permissionKey: WALLET_PERMISSION_KEY },
  );
  return account;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for URLs on this machine (and data:/blob: URLs, which go nowhere). */
export function isLocalUrl(raw: string | URL): boolean {
  const url = typeof raw === "string" ? new URL(raw) : raw;
  return LOCAL_HOSTS.has(url.hostname) || url.protocol === "data:" || url.protocol === "blob:";
}

/**
 * Lets the page reach only this machine: the browser resolves no other host (playwright.config.ts
 * launches Chromium with `--host-resolver-rules`), and every request to another host, and every
 * WebSocket to one (aborted here), is reported to `onBlocked`. Use it with `serviceWorkers: "block"`.
 * Requests are watched, not routed: a route sent every request of every page through the test
 * runner and back (about 35 s of CPU per run on two cores; the browser tests 3 min 26 s → 3 min 7 s).
 */
export async function blockNonLocalRequests(context: BrowserContext, onBlocked: (url: string) => void = () => {}) {
  context.on("request", (request) => {
    const url = request.url();
    if (!isLocalUrl(url)) onBlocked(url);
  });
  await context.routeWebSocket(
    (url) => !isLocalUrl(url),
    (ws) => {
      onBlocked(ws.url());
      return ws.close({ code: 1008, reason: "blocked by the e2e tests" });
    },
  );
}
