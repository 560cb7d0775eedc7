// LOOP balances as the browser tests check them: on chain (read from the Hardhat node), in app
// (from the API), and as the page prints LOOP (grouped, trailing zeros dropped). Amounts in wei.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { encodeFunctionData, erc20Abi, type Hex, hexToBigInt, parseUnits } from "viem";
import type { StackInfo } from "./stack";

/** LoopToken.balanceOf(owner) straight from the Hardhat node (token address from GET /api/config). */
export async function chainLoopBalance(request: APIRequestContext, stack: StackInfo, owner: Hex): Promise<bigint> {
  const config = (await (await request.get("/api/config")).json()) as { chains: { id: number; contracts: { token: Hex } | null }[] };
  const token = config.chains.find((chain) => chain.id === stack.chainId)?.contracts?.token;
  expect(token, `LoopToken on chain ${stack.chainId} in /api/config`).toBeTruthy();
  const response = await request.post(stack.rpcUrl, {
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }) }, "latest"],
    },
  });
  const body = (await response.json()) as { result?: Hex; error?: unknown };
  expect(body.error).toBeUndefined();
  return hexToBigInt(body.result!);
}

/** The in-app balance of the page's account, from GET /api/tokens/balance ("500.00000000" → wei). */
export async function inAppWei(page: Page): Promise<bigint> {
  const response = await page.request.get("/api/tokens/balance");
  expect(response.status(), "GET /api/tokens/balance").toBe(200);
  return parseUnits(((await response.json()) as { balance: string }).balance, 18);
}

const integer = new Intl.NumberFormat("en-US");

/**
 * How the page shows LOOP (web/src/lib/format.ts: formatLoop, formatWalletLoop): thousands separators,
 * every significant decimal, trailing zeros dropped: 999987.5 LOOP in wei → "999,987.5", 500 LOOP → "500".
 */
export function shownLoop(wei: bigint): string {
  const scale = 10n ** 18n;
  const fraction = (wei % scale).toString().padStart(18, "0").replace(/0+$/, "");
  return `${integer.format(wei / scale)}${fraction ? `.${fraction}` : ""}`;
}

/** The in-app balance the first "LOOP Balance" region shows (the home banner, or the Token page's wallet card). */
export async function expectShownBalance(page: Page, text: string): Promise<void> {
  await expect(
    page
      .getByRole("region", { name: /LOOP Balance/ })
      .first()
      .getByTestId(/^(banner|wallet)-balance$/),
  ).toHaveText(text);
}

/** The Tokens page's in-app balance card. */
export const loopBalanceCard = (page: Page) => page.getByRole("region", { name: /Your LOOP Balance/ });

/** The Tokens page's transfer history has one line naming `item` (e.g. "Dusk Groove (WAV)"), and it shows `amount` ("-260 LOOP"). */
export async function expectOneTransfer(page: Page, item: string, amount: string): Promise<void> {
  const line = page.getByRole("list", { name: "Transfers", exact: true }).getByRole("listitem").filter({ hasText: item });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(amount);
}
