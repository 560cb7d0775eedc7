// The test fixtures: every test gets a browser context that can reach only this machine (any
// request to an outside host is aborted, recorded, and fails the test), on the e2e stack's
// address, with an injected wallet when the test file asks for one (`test.use({ walletKey })`).
import { test as base, expect, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { auditVisitedPages } from "./axe";
import { blockNonLocalRequests, installInjectedWallet } from "./injected-wallet";
import { type StackInfo, stackInfo } from "./stack";
import { EVENT_DEADLINE_MS } from "./deadlines";
import { recordPageErrors } from "./page-errors";
import { recordToasts } from "./toasts";

export { expect } from "@playwright/test";
export { TEST_KEYS } from "./injected-wallet";
export { expectToast, recordToasts, waitForToastsToClose } from "./toasts";

/** GET /api/auth/user's body (rules/src/api-types.ts CurrentUser, the fields the tests read). */
export interface CurrentUser {
  id: string;
  username: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  walletAddress: string | null;
  isAdmin: boolean;
}

export interface TestWallet {
  /** Checksummed (EIP-55), as viem's account gives it. */
  address: Hex;
  /** The messages the page asked the wallet to sign (personal_sign), oldest first. */
  signedMessages: string[];
}

interface TestFixtures {
  /** A Hardhat test key for the injected wallet; null (default): the page has no wallet. */
  walletKey: Hex | null;
  /** The injected wallet's account (fails when the test file set no walletKey). */
  wallet: TestWallet;
  /** Outside-host requests the page tried (each was aborted); must stay empty. */
  blockedRequests: string[];
  /** What the injected wallet was asked to sign. */
  signedMessages: string[];
  /** Before each test: the app's server answers (a test that fails on a dead stack says so first). */
  apiReady: void;
}

interface WorkerFixtures {
  stack: StackInfo;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      await use(stackInfo());
    },
    { scope: "worker" },
  ],
  apiReady: [
    async ({ stack }, use) => {
      await expect
        .poll(
          async () => {
            try {
              const response = await fetch(`${stack.webUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
              return response.status;
            } catch {
              return 0;
            }
          },
          { message: `GET ${stack.webUrl}/api/health answers 200`, timeout: EVENT_DEADLINE_MS, intervals: [100, 250, 500] },
        )
        .toBe(200);
      await use();
    },
    { auto: true, scope: "test" },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.webUrl);
  },
  walletKey: [null, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- see above
  blockedRequests: async ({}, use) => {
    await use([]);
  },
  // eslint-disable-next-line no-empty-pattern -- see above
  signedMessages: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, stack, walletKey, blockedRequests, signedMessages }, use, testInfo) => {
    await blockNonLocalRequests(context, (url) => blockedRequests.push(url));
    const pageErrors = recordPageErrors(context);
    await recordToasts(context);
    if (walletKey) {
      await installInjectedWallet(context, {
        privateKey: walletKey,
        rpcUrl: stack.rpcUrl,
        chainId: stack.chainId,
        onSign: ({ method, message }) => {
          if (method === "personal_sign") signedMessages.push(message);
        },
      });
    }
    const audits = auditVisitedPages(context, stack.runDir);
    await use(context);
    await pageErrors.attachOnFailure(testInfo);
    expect(blockedRequests, "the app must not call hosts outside this machine").toEqual([]);
    expect(await audits.finish(), "axe: serious or critical violations on the pages this test visited").toEqual([]);
  },
  wallet: async ({ walletKey, signedMessages }, use) => {
    if (!walletKey) throw new Error("this test needs a wallet: test.use({ walletKey: TEST_KEYS.alice })");
    await use({ address: privateKeyToAccount(walletKey).address, signedMessages });
  },
});

/** GET /api/auth/user from the page (with its cookies): the status and, when 200, the user. */
export async function fetchCurrentUser(page: Page): Promise<{ status: number; user: CurrentUser | null }> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/user", { credentials: "include", headers: { Accept: "application/json" } });
    return { status: response.status, user: response.ok ? ((await response.json()) as CurrentUser) : null };
  });
}

/** The signed-in user as the API sees it (fails when the page is signed out). */
export async function currentUser(page: Page): Promise<CurrentUser> {
  const { status, user } = await fetchCurrentUser(page);
  expect(status, "GET /api/auth/user").toBe(200);
  return user!;
}

/** Checks a Sign-In with Ethereum message (EIP-4361) the app had the wallet sign. */
export function expectSiweMessage(message: string | undefined, { address, stack }: { address: string; stack: StackInfo }) {
  expect(message, "the app asked the wallet to sign a message").toBeDefined();
  const origin = new URL(stack.webUrl);
  expect(message).toContain(`${origin.host} wants you to sign in with your Ethereum account:\n${address}`);
  expect(message).toContain(`URI: ${origin.origin}`);
  expect(message).toContain(`Chain ID: ${stack.chainId}`);
  expect(message).toMatch(/\nNonce: \w{8,}/);
}

/** The wallet address the app shows: first 6 and last 4 characters (web/src/lib/format.ts). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** A fresh e-mail address (lower case: the API stores addresses lower-cased). */
export function freshEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.loop.local`;
}
