// Issue 36, end to end: a loop's own page, found from a search, with a player that keeps playing.
// A creator lists two loops; a member searches, opens a result (the loop's page), plays it, goes to
// the Token page without a reload and the music goes on; Next plays the creator's other loop. The
// member shares the page's link; a fresh browser with no session opens it, sees the loop, signs in
// and buys it there. The server's HTML of that link already names the loop for link previews.
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, expectToast, freshEmail, recordToasts, test } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { blockNonLocalRequests } from "../support/injected-wallet";
import { listAsNewCreator, signInInOwnBrowser } from "../support/sale-parties";
import { screenshot, screenshotsWanted } from "../support/screenshots";
import { uploadLoop } from "../support/upload";

/** A client-side navigation, as a link in the app makes it (no page load: what plays goes on). */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
}

test.describe("a page for every loop", () => {
  test("a search result opens the loop's page; its preview plays on across pages and Next plays the creator's other loop; the shared link opens for a visitor who buys it there", async ({
    page,
    stack,
    browser,
  }) => {
    const listed = await listAsNewCreator(page, stack, {
      emailLabel: "pagecreator",
      titleWord: "Nebula",
      title: "Night Drive",
      price: "0.50",
    });
    const other = `${listed.word} Dawn Chorus`;
    await uploadLoop(page, { title: other, price: "0.80", genre: "Funk", fileName: "dawn-chorus.wav" });

    // A member finds it with the top bar's search and opens the result: the loop's own page.
    const member = await signInInOwnBrowser(browser, stack, freshEmail("pagelistener"));
    const listener = member.page;
    await listener.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.webUrl });
    await listener.goto("/home");
    await listener.getByRole("searchbox", { name: "Search loops and creators" }).fill(listed.word);
    const results = listener.getByRole("region", { name: "Search results" });
    await results.getByRole("link", { name: new RegExp(`^${listed.title} by `) }).click();
    await expect(listener).toHaveURL(/\/loops\/[0-9a-f-]{36}$/);
    const loopUrl = listener.url();
    await expect(listener.getByRole("heading", { level: 1, name: listed.title })).toBeVisible();
    await expect(listener.getByRole("button", { name: `Buy ${listed.title}` })).toBeVisible();
    // The creator's other loop is listed (and queued after this one).
    await expect(listener.getByRole("article", { name: other })).toBeVisible();
    await screenshot(listener, "issue-36-loop-page");
    await expectAccessible(listener, "a loop's page, signed in");

    // Play: the player bar takes it, and it goes on across an in-app navigation to the Token page.
    const bar = listener.getByRole("region", { name: "Player" });
    await listener.getByRole("button", { name: `Play preview of ${listed.title}` }).click();
    await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(bar.getByRole("link", { name: listed.title, exact: true })).toBeVisible();
    await expect(bar.getByTestId("player-bar-time")).not.toHaveText(/^0:00 \//);
    await navigateInApp(listener, "/tokens");
    await expect(listener).toHaveURL(/\/tokens$/);
    await expect(listener.getByRole("region", { name: /LOOP Balance/ }).first()).toBeVisible();
    await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
    const before = await bar.getByTestId("player-bar-time").textContent();
    await expect(bar.getByTestId("player-bar-time")).not.toHaveText(before ?? "");
    await screenshot(listener, "issue-36-player-bar");
    // Next: the creator's other loop plays.
    await bar.getByRole("button", { name: "Next loop" }).click();
    await expect(bar.getByRole("link", { name: other, exact: true })).toBeVisible();
    await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
    await bar.getByRole("button", { name: "Pause" }).click();

    // Share: the page's link is copied.
    await listener.goto(loopUrl);
    await listener.getByRole("button", { name: "Share" }).click();
    await expectToast(listener, "Link Copied", loopUrl);
    expect(await listener.evaluate(() => navigator.clipboard.readText())).toBe(loopUrl);
    if (screenshotsWanted()) {
      await listener.setViewportSize({ width: 390, height: 844 });
      await listener.getByRole("button", { name: `Play preview of ${listed.title}` }).click();
      await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
      await screenshot(listener, "issue-36-loop-page-phone");
      await bar.getByRole("button", { name: "Pause" }).click();
    }
    await member.close();

    // The link's HTML already names the loop and its creator (link previews).
    const html = await (await page.request.get(loopUrl, { headers: { "User-Agent": "Twitterbot/1.0" } })).text();
    expect(html).toMatch(/<meta property="og:type" content="music\.song"/);
    expect(html).toContain(listed.title);
    expect(html).toContain(`/api/loops/${loopUrl.split("/").pop()}/og-image.png`);

    // A fresh browser with no session opens the shared link, signs in, and buys the loop on its page.
    const visitorContext = await browser.newContext({ baseURL: stack.webUrl });
    await blockNonLocalRequests(visitorContext, (url) => {
      throw new Error(`a page asked for an outside host: ${url}`);
    });
    await recordToasts(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(loopUrl);
    await expect(visitor.getByRole("heading", { level: 1, name: listed.title })).toBeVisible();
    await expectAccessible(visitor, "a loop's page, signed out");
    await signInOnPage(visitor, stack, freshEmail("pagebuyer"), null);
    await visitor.goto(loopUrl);
    await visitor.getByRole("button", { name: `Buy ${listed.title}` }).click();
    const dialog = visitor.getByRole("dialog", { name: `Buy ${listed.title}` });
    await expect(dialog.getByTestId("purchase-total")).toHaveText("$0.51");
    const downloading = visitor.waitForEvent("download");
    await dialog.getByRole("button", { name: "Pay with LOOP" }).click();
    await expectToast(visitor, "Purchase Successful");
    expect((await downloading).suggestedFilename()).toBe(`${listed.slug}.mp3`);
    await visitorContext.close();
  });

  test("a visitor's landing page and catalog: no serious or critical accessibility violation (axe), no breach of the page's Content-Security-Policy, no error in the console", async ({
    page,
  }) => {
    // What DevTools lists as issues (Lighthouse's best practices read them too) and the console's errors.
    const cspIssues: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    cdp.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue") cspIssues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
    });
    await cdp.send("Audits.enable");
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Browse loops" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "/");
    await page.goto("/home");
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "/home");
    expect(cspIssues, "Content-Security-Policy violations").toEqual([]);
    expect(consoleErrors, "errors in a visitor's console").toEqual([]);
  });

  test("a loop that does not exist answers 404 with the app's page, which says it is no longer available", async ({ page }) => {
    const missing = "/loops/00000000-0000-4000-8000-000000000000";
    const response = await page.request.get(missing);
    expect(response.status()).toBe(404);
    await page.goto(missing);
    await expect(page.getByText("This loop is no longer available")).toBeVisible();
  });
});
