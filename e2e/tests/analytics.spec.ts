// Issue 23's analytics, end to end: a creator (e-mail, no wallet) lists a $1.00 loop that sells three
// ways — from a wallet on chain (WAV, the injected wallet: Hardhat account #5, funded by the faucet),
// by card (WAV, a saved Visa on the Stripe fake) and with in-app LOOP (MP3) — and is played by three
// listeners. The creator's /analytics shows the totals and the earnings by way of paying exactly as
// GET /api/analytics/creator answers them and as they were sold, and its CSV has one row per sale;
// then the admin's Overview shows today's volume and fees by way of paying as GET /api/admin/analytics
// answers them (the charts' table views give the exact figures).
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator } from "@playwright/test";
import { parseUnits } from "viem";
import { type CurrentUser, expect, freshEmail, recordToasts, test, TEST_KEYS } from "../support/fixtures";
import { blockNonLocalRequests } from "../support/injected-wallet";
import { postJson as post, signInByApi } from "../support/api-sign-in";
import { payAndExpectWav } from "../support/purchase-delivery";
import { openFromProfileCard, walletTab } from "../support/profile-card";
import { withPurchaseLock } from "../support/purchase-lock";
import { screenshot, screenshotsWanted } from "../support/screenshots";
import { expectCreditedInApp, signInWalletBuyer, withWalletlessSeller } from "../support/wallet-sale";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.use({ walletKey: TEST_KEYS.frank });

const ADMIN_EMAIL = "admin@loop.local";
const METHODS = ["loop", "wallet", "paypal", "card"] as const;
type Method = (typeof METHODS)[number];

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
/** As the pages print money: "1500.00000000" → "1,500 LOOP", "2.50000000" → "2.5 LOOP", "1.04" → "$1.04". */
const loopText = (text: string) => {
  const [whole = "0", fraction = ""] = text.split(".");
  const significant = fraction.replace(/0+$/, "");
  return `${grouped(whole)}${significant ? `.${significant}` : ""} LOOP`;
};
const usdText = (text: string) => `$${grouped(text.split(".")[0]!)}.${text.split(".")[1]}`;
/** Sums of 2- or 8-decimal strings, exact. */
function sum(texts: string[], decimals: number): string {
  const total = texts.reduce((acc, text) => acc + BigInt(text.replace(".", "")), 0n);
  const digits = total.toString().padStart(decimals + 1, "0");
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
/** A UTC day as the tables label it: "2026-11-26" → "Nov 26, 2026". */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The cells of a chart's table row for `date` (after its row header). */
async function tableRow(table: Locator, date: string): Promise<string[]> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: dayLabel(date), exact: true }) });
  await expect(row).toHaveCount(1);
  return row.getByRole("cell").allTextContents();
}

/** RFC 4180 lines (CRLF, quoted cells with doubled quotes) as arrays of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== "," && char !== "\r")) {
      cell += char;
    } else if (char === ",") {
      row.push(cell);
      cell = "";
    } else {
      // CRLF: the end of a line.
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    }
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

interface MethodFigures {
  sales: number;
  earningsLoop: string;
  earningsUsd: string;
}
interface CreatorAnalytics {
  to: string;
  totals: { sales: number; plays: number; earningsLoop: string; earningsUsd: string; byMethod: Record<Method, MethodFigures> };
  days: { date: string; byMethod: Record<Method, MethodFigures>; earningsLoop: string }[];
}
interface MethodVolume {
  sales: number;
  volumeUsd: string;
  feesUsd: string;
  volumeLoop: string;
  feesLoop: string;
}
interface AdminAnalytics {
  to: string;
  totals: { byMethod: Record<Method, MethodVolume> };
  days: { date: string; byMethod: Record<Method, MethodVolume> }[];
}

test("a creator's sales by three ways of paying and plays show in their analytics and CSV, and in the admin's Overview", async ({
  page,
  stack,
  wallet: { address },
  browser,
  playwright,
}) => {
  // The card and in-app buyers are API clients; the admin uses a browser. All sign in while the creator lists the loop.
  const cardBuyer = await playwright.request.newContext({ baseURL: stack.webUrl });
  const loopBuyer = await playwright.request.newContext({ baseURL: stack.webUrl });
  const adminContext = await browser.newContext({ baseURL: stack.webUrl });
  const blocked: string[] = [];
  await blockNonLocalRequests(adminContext, (url) => blocked.push(url));
  await recordToasts(adminContext);
  const signedIn = Promise.all([
    signInByApi(cardBuyer, stack, freshEmail("cardo")),
    signInByApi(loopBuyer, stack, freshEmail("lupe")),
    signInByApi(adminContext.request, stack, ADMIN_EMAIL),
  ]);
  try {
    await withWalletlessSeller(browser, stack, { emailLabel: "ana", titleWord: "Metric", title: "Chart Groove" }, async (seller) => {
      const { title, slug } = seller;
      const profile = await getJson<{ loops: { id: string; title: string }[] }>(
        seller.page.request,
        `/api/users/${seller.user.id}/profile`,
      );
      const loopId = profile.loops.find((loop) => loop.title === title)!.id;
      // 1. From the wallet (WAV, $1.04 = 520 LOOP on chain): account #5 gets test LOOP from the faucet first.
      await post(seller.page.request, stack, "/api/wallet/faucet", { address }, 201);
      const { user: walletBuyer } = await signInWalletBuyer(page, stack, address, parseUnits("520", 18));
      const { card, dialog } = await openFromProfileCard(page, seller.user.id, title, "buy");
      await dialog.getByRole("radio", { name: /WAV/ }).check();
      const panel = await walletTab(dialog);
      await expect(panel.getByTestId("wallet-loop-amount")).toHaveText("520 LOOP");
      await expect(panel.getByText("Your wallet balance covers this purchase.")).toBeVisible();
      await withPurchaseLock(stack, () =>
        payAndExpectWav({ page, dialog, card, title, slug }, panel.getByRole("button", { name: "Pay from Wallet" }), {
          timeout: EVENT_DEADLINE_MS,
          message: `${title} (WAV) is yours. Your download is starting.`,
        }),
      );
      // Settled: the creator (no wallet) is credited the price in app.
      await expectCreditedInApp(seller, parseUnits("500", 18), `${title} (WAV)`);

      const [cardUser, loopUser] = await signedIn;
      // 2. By card (WAV, $1.04): a saved Visa, charged at once.
      const visa = await post<{ id: string }>(
        cardBuyer,
        stack,
        "/api/payment-methods",
        { stripePaymentMethodId: "pm_card_visa", type: "card" },
        201,
      );
      const charged = await post<{ status: string }>(
        cardBuyer,
        stack,
        "/api/create-payment-intent",
        { loopId, format: "wav", amount: 104, paymentMethodId: visa.id },
        201,
      );
      expect(charged.status).toBe("completed");

      // 3. With in-app LOOP (MP3, $1.02 = 510 LOOP): the 500 LOOP welcome bonus and 10 LOOP the creator sends.
      await post(seller.page.request, stack, "/api/tokens/transfer", { toUserId: loopUser.id, amount: "10.00000000" }, 201);
      await post(loopBuyer, stack, "/api/purchases", { loopId, format: "mp3", paymentMethod: "loop", expectedTotal: "1.02" }, 201);

      // Plays: one per listener and hour, never the creator's own.
      for (const listener of [page.request, cardBuyer, loopBuyer])
        expect(await post(listener, stack, `/api/loops/${loopId}/plays`, undefined, 202)).toEqual({ counted: true });
      expect(await post(page.request, stack, `/api/loops/${loopId}/plays`, undefined, 202)).toEqual({ counted: false });
      expect(await post(seller.page.request, stack, `/api/loops/${loopId}/plays`, undefined, 202)).toEqual({ counted: false });

      // The creator's figures, as the API answers them and as they were sold (exact amounts).
      const api = await getJson<CreatorAnalytics>(seller.page.request, "/api/analytics/creator?range=7d");
      const sold = { sales: 1, earningsLoop: "500.00000000", earningsUsd: "1.00" };
      expect(api.totals).toMatchObject({ sales: 3, plays: 3, earningsLoop: "1500.00000000", earningsUsd: "3.00" });
      expect(api.totals.byMethod).toEqual({
        loop: sold,
        wallet: sold,
        card: sold,
        paypal: { sales: 0, earningsLoop: "0.00000000", earningsUsd: "0.00" },
      });
      const today = api.days.find((day) => day.date === api.to)!;
      expect(today.byMethod).toEqual(api.totals.byMethod);

      // /analytics, 7 days: the totals, and the earnings chart's table.
      const analytics = seller.page;
      await analytics.goto("/analytics");
      await Promise.all([
        analytics.waitForResponse((response) => response.url().includes("/api/analytics/creator?range=7d") && response.ok()),
        analytics.getByRole("group", { name: "Period" }).getByRole("button", { name: "7 days" }).click(),
      ]);
      await expect(analytics).toHaveURL(/\/analytics\?range=7d$/);
      await expect(analytics.getByRole("group", { name: "Sales", exact: true })).toHaveText(`Sales${api.totals.sales}No refunds`);
      await expect(analytics.getByRole("group", { name: "Plays", exact: true })).toHaveText(`Plays${api.totals.plays}Previews over 5 s`);
      await expect(analytics.getByRole("group", { name: "Earnings", exact: true })).toHaveText(
        `Earnings${loopText(api.totals.earningsLoop)}${usdText(api.totals.earningsUsd)} as recorded at sale time`,
      );
      const earnings = analytics.getByRole("region", { name: "Earnings per day" });
      await earnings.getByRole("button", { name: "Show as table" }).click();
      const earningsTable = earnings.getByRole("table", { name: "Earnings per day in LOOP, by way of paying" });
      expect(await tableRow(earningsTable, api.to)).toEqual([
        ...METHODS.map((method) => loopText(today.byMethod[method].earningsLoop)),
        loopText(today.earningsLoop),
      ]);

      // The CSV: one row per sale, oldest first, with its way of paying and price.
      const [download] = await Promise.all([
        analytics.waitForEvent("download"),
        analytics.getByRole("link", { name: "Export sales CSV, 7 days" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`loop-sales-7d-${api.to}.csv`);
      const [header, ...rows] = parseCsv(await readFile(await download.path(), "utf8"));
      expect(header).toEqual([
        "date",
        "loop",
        "format",
        "buyer",
        "method",
        "price_usd",
        "fee_usd",
        "proceeds_usd",
        "proceeds_loop",
        "status",
        "chain_transaction",
      ]);
      const sale = (buyer: CurrentUser, format: string, method: Method, fee: string) => [
        title,
        format,
        buyer.username ?? "",
        method,
        "1.00",
        fee,
        "1.00",
        "500.00000000",
        "completed",
      ];
      expect(rows.map((row) => row.slice(1, 10))).toEqual([
        sale(walletBuyer, "wav", "wallet", "0.04"),
        sale(cardUser, "wav", "card", "0.04"),
        sale(loopUser, "mp3", "loop", "0.02"),
      ]);
      for (const row of rows) expect(row[0]).toMatch(new RegExp(`^${api.to}T\\d\\d:\\d\\d:\\d\\dZ$`));
      expect(rows.map((row) => row[10])).toEqual([expect.stringMatching(/^0x[0-9a-f]{64}$/), "", ""]);
    });

    // The admin's Overview, 7 days: today's volume and fees by way of paying, as GET /api/admin/analytics
    // answers them. Other test files sell on the same stack meanwhile: a page and an answer that differ
    // are read again, both fresh.
    const adminPage = await adminContext.newPage();
    await expect(async () => {
      await adminPage.goto("/");
      await expect(adminPage.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
      await expect(adminPage.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
      await Promise.all([
        adminPage.waitForResponse((response) => response.url().includes("/api/admin/analytics?range=7d") && response.ok()),
        adminPage.getByRole("group", { name: "Period" }).getByRole("button", { name: "7 days" }).click(),
      ]);
      const volume = adminPage.getByRole("region", { name: "Sales volume per day" });
      const fees = adminPage.getByRole("region", { name: "Platform fees per day" });
      await volume.getByRole("button", { name: "Show as table" }).click();
      await fees.getByRole("button", { name: "Show as table" }).click();
      const api = await getJson<AdminAnalytics>(adminPage.request, "/api/admin/analytics?range=7d");
      const today = api.days.find((day) => day.date === api.to)!;
      // At least this test's sales, by their way of paying.
      for (const method of ["loop", "wallet", "card"] as const) expect(today.byMethod[method].sales).toBeGreaterThanOrEqual(1);
      const amounts = (key: "volumeUsd" | "feesUsd") => {
        const byMethod = METHODS.map((method) => today.byMethod[method][key]);
        return [...byMethod, sum(byMethod, 2)].map(usdText);
      };
      expect(await tableRow(volume.getByRole("table", { name: "Sales volume per day in USD, by way of paying" }), api.to)).toEqual(
        amounts("volumeUsd"),
      );
      expect(await tableRow(fees.getByRole("table", { name: "Platform fees per day in USD, by way of paying" }), api.to)).toEqual(
        amounts("feesUsd"),
      );
      await expect(volume.getByTestId("chart-summary")).toContainText(
        `In-app LOOP ${usdText(api.totals.byMethod.loop.volumeUsd)} (${api.totals.byMethod.loop.sales} sale`,
      );
      await expect(fees.getByTestId("chart-summary")).toContainText(
        `Card ${usdText(api.totals.byMethod.card.feesUsd)} (${api.totals.byMethod.card.sales} sale`,
      );
    }).toPass({ timeout: EVENT_DEADLINE_MS, intervals: [250, 500, 1000] });

    if (screenshotsWanted()) {
      for (const name of ["Sales volume per day", "Platform fees per day"])
        await adminPage.getByRole("region", { name }).getByRole("button", { name: "Show as chart" }).click();
      await adminPage.mouse.move(0, 0);
      await screenshot(adminPage, "issue-23-admin-overview", { fullPage: true });
    }
  } finally {
    await signedIn.catch(() => undefined);
    await Promise.all([cardBuyer.dispose(), loopBuyer.dispose(), adminContext.close()]);
  }
  expect(blocked, "the admin's page must not call hosts outside this machine").toEqual([]);
});
