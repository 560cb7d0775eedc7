// Issue 24's licences, end to end: a creator (e-mail, no wallet) lists a $1.00 loop; a member signed in
// with the injected wallet (Hardhat account #6, funded by the faucet) buys it as WAV on chain while
// LoopMarketplace holds purchases in escrow; the loop's Download menu offers "Licence (WAV)", whose PDF
// names the verification address; that page says "Valid" with the chain's facts; the arbiter
// (Hardhat #7) refunds the escrowed order on chain, and once settled the page says "Revoked on …"
// and the buyer's library shows the purchase refunded, without a download (issue 37).
//
// The dispute window is the marketplace's, for everyone: it is set (with the settings role, the
// operator key) just before this spec's Pay and put back to 0 as soon as its purchase is recorded,
// under the lock every spec's wallet purchase takes (support/purchase-lock.ts), so no other purchase
// is mined meanwhile (docs/decisions.md).
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { type Chain, createPublicClient, createWalletClient, type Hex, http, parseAbi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, recordToasts, test, TEST_KEYS } from "../support/fixtures";
import { blockNonLocalRequests } from "../support/injected-wallet";
import { openFromProfileCard, walletTab } from "../support/profile-card";
import { payAndExpectWav } from "../support/purchase-delivery";
import { withPurchaseLock } from "../support/purchase-lock";
import { screenshot } from "../support/screenshots";
import type { StackInfo } from "../support/stack";
import { signInWalletBuyer, withWalletlessSeller } from "../support/wallet-sale";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.use({ walletKey: TEST_KEYS.grace });

/** unpdf, from the API's dependencies (the browser tests have none of their own): the PDF's text. */
async function pdfText(bytes: Buffer): Promise<string> {
  const unpdf = createRequire(path.join(__dirname, "../../api/package.json"))("unpdf") as {
    getDocumentProxy(data: Uint8Array): Promise<unknown>;
    extractText(pdf: unknown, options: { mergePages: true }): Promise<{ text: string }>;
  };
  return (await unpdf.extractText(await unpdf.getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

/** The local chain's role keys (contracts/local-accounts.json): the arbiter refunds, the operator holds the settings role. */
const ROLES = (
  JSON.parse(readFileSync(path.join(__dirname, "../../contracts/local-accounts.json"), "utf8")) as {
    roles: Record<"arbiter" | "operator", { privateKey: Hex }>;
  }
).roles;

const MARKETPLACE_ABI = parseAbi([
  "function setDisputeWindow(uint64 newWindow)",
  "function disputeWindow() view returns (uint64)",
  "function refund(bytes32 orderId)",
]);

/** LoopMarketplace on the stack's chain (address from GET /api/config), called from this machine. */
async function marketplace(request: APIRequestContext, stack: StackInfo) {
  const config = (await (await request.get("/api/config")).json()) as { chains: { id: number; contracts: { marketplace: Hex } | null }[] };
  const address = config.chains.find((chain) => chain.id === stack.chainId)?.contracts?.marketplace;
  expect(address, `LoopMarketplace on chain ${stack.chainId} in /api/config`).toBeTruthy();
  const chain: Chain = {
    id: stack.chainId,
    name: "Hardhat",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [stack.rpcUrl] } },
  };
  const reader = createPublicClient({ chain, transport: http(stack.rpcUrl), pollingInterval: 100 });
  const walletOf = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(stack.rpcUrl) });
  const send = async (key: Hex, what: string, write: (writer: ReturnType<typeof walletOf>) => Promise<Hex>) => {
    const hash = await write(walletOf(key));
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status, `${what} (${hash})`).toBe("success");
    return hash;
  };
  return {
    address: address!,
    disputeWindow: () => reader.readContract({ address: address!, abi: MARKETPLACE_ABI, functionName: "disputeWindow" }),
    setDisputeWindow: (seconds: bigint) =>
      send(ROLES.operator.privateKey, "setDisputeWindow", (writer) =>
        writer.writeContract({ address: address!, abi: MARKETPLACE_ABI, functionName: "setDisputeWindow", args: [seconds] }),
      ),
    refund: (orderId: Hex) =>
      send(ROLES.arbiter.privateKey, "refund", (writer) =>
        writer.writeContract({ address: address!, abi: MARKETPLACE_ABI, functionName: "refund", args: [orderId] }),
      ),
  };
}

test("a wallet buyer downloads the licence PDF; its address verifies as Valid, and after the arbiter's refund as Revoked", async ({
  page,
  stack,
  wallet: { address },
  browser,
}) => {
  const market = await marketplace(page.request, stack);
  expect(await market.disputeWindow(), "the local dispute window starts at 0").toBe(0n);

  await withWalletlessSeller(browser, stack, { emailLabel: "lena", titleWord: "Licence", title: "Proof Groove" }, async (seller) => {
    const { title, slug } = seller;
    // The buyer: test LOOP from the faucet for account #6, then wallet sign-in (a wallet-only account).
    const faucet = await seller.page.request.post("/api/wallet/faucet", { data: { address }, headers: { Origin: stack.webUrl } });
    expect(faucet.status(), await faucet.text()).toBe(201);
    const { user: buyer } = await signInWalletBuyer(page, stack, address, parseUnits("520", 18));

    // Buy → WAV → "Wallet (on chain)" → Pay from Wallet, with the marketplace holding purchases for an hour.
    const { card, dialog } = await openFromProfileCard(page, seller.user.id, title, "buy");
    await dialog.getByRole("radio", { name: /WAV/ }).check();
    const panel = await walletTab(dialog);
    await expect(panel.getByText("Your wallet balance covers this purchase.")).toBeVisible();
    const quoted = page.waitForResponse(
      (response) => response.url().endsWith("/api/purchases/quote") && response.request().method() === "POST",
    );
    await withPurchaseLock(stack, async () => {
      await market.setDisputeWindow(3600n);
      try {
        await payAndExpectWav({ page, dialog, card, title, slug }, panel.getByRole("button", { name: "Pay from Wallet" }), {
          timeout: EVENT_DEADLINE_MS,
          message: `${title} (WAV) is yours. Your download is starting.`,
        });
      } finally {
        await market.setDisputeWindow(0n);
      }
    });
    const orderId = ((await (await quoted).json()) as { quote: { orderId: Hex } }).quote.orderId;

    // Download → "Licence (WAV)": the PDF, made on request (a menu opened while the page settles has
    // been seen to close again: open it until the item shows).
    await page.waitForLoadState("networkidle");
    const licenceItem = page.getByRole("menuitem", { name: /^Licence \(WAV\)/ });
    await expect(async () => {
      if (!(await licenceItem.isVisible())) await card.getByRole("button", { name: `Download ${title}` }).click();
      await expect(licenceItem).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: EVENT_DEADLINE_MS });
    await expect(page.getByRole("menuitem", { name: "Verify licence (WAV)" })).toBeVisible();
    await screenshot(page, "issue-24-licence-download-menu");
    const downloading = page.waitForEvent("download", { timeout: EVENT_DEADLINE_MS });
    await licenceItem.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^loop-licence-[0-9a-f-]{36}\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    const link = /https?:\/\/[^\s]+\/licences\/([0-9a-f-]{36})/.exec(text);
    expect(link, "the PDF names its verification address").not.toBeNull();
    const verifyUrl = new URL(link![0]);
    const licenceId = link![1]!;
    expect(verifyUrl.origin).toBe(stack.webUrl);
    expect(download.suggestedFilename()).toBe(`loop-licence-${licenceId}.pdf`);
    expect(text).toContain(title);
    expect(text).toContain("VALID");
    expect(text).toContain(market.address.toLowerCase());

    // A visitor (no account, a browser of their own) opens the address: Valid, with the purchase's facts.
    const context = await browser.newContext({ baseURL: stack.webUrl, viewport: { width: 1280, height: 800 } });
    const blocked: string[] = [];
    await blockNonLocalRequests(context, (url) => blocked.push(url));
    await recordToasts(context);
    try {
      const visitor = await context.newPage();
      await visitor.goto(verifyUrl.href);
      const status = visitor.getByTestId("licence-status");
      await expect(status).toContainText("Valid");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${title} (WAV)`);
      for (const fact of [licenceId, `@${buyer.username}`, "$1.04 USD (520 LOOP)", "LOOP from a wallet (on chain)"]) {
        await expect(visitor.getByRole("main")).toContainText(fact);
      }
      await expect(visitor.getByRole("main")).toContainText(`Hardhat (local) (id ${stack.chainId})`);
      await expect(visitor.getByRole("main")).toContainText(market.address.toLowerCase());
      await expect(visitor.getByRole("link", { name: /Download PDF/ })).toHaveCount(0);
      await screenshot(visitor, "issue-24-licence-valid", { fullPage: true });

      // The arbiter refunds the escrowed order within its window; once settled the licence is revoked.
      await market.refund(orderId);
      await expect
        .poll(async () => ((await (await visitor.request.get(`/api/licences/${licenceId}`)).json()) as { status: string }).status, {
          message: "the refund's settlement",
          timeout: EVENT_DEADLINE_MS,
        })
        .toBe("revoked");
      await visitor.reload();
      await expect(status).toContainText(/Revoked on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect(status).not.toContainText("Valid");
      await screenshot(visitor, "issue-24-licence-revoked", { fullPage: true });
    } finally {
      await context.close();
    }
    expect(blocked, "the app must not call hosts outside this machine").toEqual([]);

    // The buyer's own view: the page offers the PDF to them, which now says REVOKED.
    await page.goto(verifyUrl.pathname);
    await expect(page.getByTestId("licence-status")).toContainText("Revoked on");
    await expect(page.getByRole("link", { name: /Download PDF/ })).toHaveAttribute("href", `/api/licences/${licenceId}/pdf`);
    const again = await page.request.get(`/api/licences/${licenceId}/pdf`);
    expect(again.status()).toBe(200);
    expect(await pdfText(await again.body())).toContain("REVOKED on");

    // The buyer's library (issue 37) keeps the refunded purchase: the reason, the licence revoked, no download.
    await page.goto("/library?kind=purchased");
    const entry = page.getByRole("article", { name: title });
    await expect(entry).toContainText("Refunded");
    await expect(entry).toContainText("Refunded on chain");
    await expect(entry).toContainText("Revoked");
    await expect(entry.getByRole("button", { name: /^Download again/ })).toHaveCount(0);
    await expect(entry.getByRole("button", { name: /receipt/i })).toHaveCount(0);
    await screenshot(page, "issue-24-licence-library-refunded", { fullPage: true });
  });
});
