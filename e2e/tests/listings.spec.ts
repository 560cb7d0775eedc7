// Issue 37's listings, end to end: a creator (e-mail) lists a $0.60 loop; a member makes a $0.50
// offer on it; the creator edits its title and price in the My Loops table's editor — the loop's
// page and a new purchase show them, the offer keeps its amount — then makes it unlisted (gone from
// the catalog and search, its link still opens it) and takes it down after the member bought it
// (a visitor gets "no longer available" with HTTP 410; the member still has it in the library).
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectToast, freshEmail, test, waitForToastsToClose } from "../support/fixtures";
import { listAsNewCreator, signInInOwnBrowser } from "../support/sale-parties";
import { phoneScreenshot, screenshot } from "../support/screenshots";
import type { StackInfo } from "../support/stack";

async function post(request: APIRequestContext, stack: StackInfo, url: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(url, { data, headers: { Origin: stack.webUrl, ...headers } });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

test("a creator edits, unlists and takes down a loop; offers keep their terms and buyers keep their loop", async ({
  page,
  stack,
  browser,
}) => {
  const listed = await listAsNewCreator(page, stack, { emailLabel: "lisa", titleWord: "Listing", title: "Dune Keys", price: "0.60" });
  const { title, word } = listed;
  const buyer = await signInInOwnBrowser(browser, stack, freshEmail("omar"));
  try {
    const catalog = (await (await buyer.page.request.get(`/api/loops?userId=${listed.user.id}`)).json()) as { loops: { id: string }[] };
    const loopId = catalog.loops[0]!.id;
    const offer = await post(buyer.page.request, stack, "/api/negotiations", { loopId, format: "mp3", offerAmount: "0.50" });

    // The creator's My Loops table: Edit → a new title and price.
    await page.goto("/profile");
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("$0.60");
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const editor = page.getByRole("dialog", { name: `Edit ${title}` });
    const renamed = `${word} Dune Keys II`;
    await editor.getByLabel("Title").fill(renamed);
    await editor.getByLabel("Price (USD)").fill("0.70");
    await editor.getByRole("button", { name: "Save changes" }).click();
    await expect(editor).toBeHidden();
    await expectToast(page, "Loop updated", `"${renamed}" is saved.`);
    const edited = page.getByRole("row", { name: new RegExp(renamed) });
    await expect(edited).toContainText("$0.70");
    await screenshot(page, "issue-37-my-loops");
    await phoneScreenshot(page, "issue-37-my-loops-phone");

    // The history says who changed what (its Edit button may lie under the toast).
    await waitForToastsToClose(page);
    await edited.getByRole("button", { name: `Edit ${renamed}` }).click();
    const again = page.getByRole("dialog", { name: `Edit ${renamed}` });
    await screenshot(page, "issue-37-listing-editor");
    await again.getByRole("tab", { name: "History" }).click();
    await expect(again).toContainText("$0.60");
    await expect(again).toContainText("$0.70");
    await expect(again).toContainText(title);
    // The dialog's own Close: Escape closes the top layer first, and a tooltip the pointer left open
    // (an amount's full decimals) is one.
    await again.getByRole("button", { name: "Close", exact: true }).click();
    await expect(again).toBeHidden();

    // The member: the loop's page shows the new title and price; the open offer kept its $0.50.
    await buyer.page.goto(`/loops/${loopId}`);
    await expect(buyer.page.getByRole("heading", { level: 1 })).toHaveText(renamed);
    await expect(buyer.page.getByRole("main")).toContainText("$0.70");
    const offers = (await (await buyer.page.request.get("/api/negotiations")).json()) as {
      id: string;
      offerAmount: string;
      status: string;
    }[];
    expect(offers.find((item) => item.id === offer.id)).toMatchObject({ offerAmount: "0.50", status: "pending" });
    // The member withdraws the offer (its hold comes back) and buys at the new price.
    const withdrawn = await buyer.page.request.put(`/api/negotiations/${String(offer.id)}/respond`, {
      data: { action: "withdraw" },
      headers: { Origin: stack.webUrl },
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    const bought = await post(
      buyer.page.request,
      stack,
      "/api/purchases",
      { loopId, format: "mp3", paymentMethod: "loop" },
      { "Idempotency-Key": randomUUID() },
    );
    expect(bought).toMatchObject({ price: "0.70", loopTitle: renamed });

    // Unlisted: out of the catalog and search, its link still opens it.
    await page.reload();
    await page.getByRole("checkbox", { name: `Select ${renamed}` }).check();
    await page.getByRole("button", { name: "Make unlisted" }).click();
    await expectToast(page, "1 loop made unlisted");
    await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("Unlisted");
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/search?q=${encodeURIComponent(word)}`);
      await expect(visitorPage.getByRole("main")).not.toContainText(renamed);
      await visitorPage.goto(`/profile/${listed.user.id}`);
      await expect(visitorPage.getByRole("article", { name: renamed })).toHaveCount(0);
      await visitorPage.goto(`/loops/${loopId}`);
      await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(renamed);

      // Taken down: a visitor is told it is gone (410); the member keeps it in the library.
      await waitForToastsToClose(page);
      await page.getByRole("button", { name: `Take down ${renamed}` }).click();
      const confirm = page.getByRole("dialog", { name: "Take down 1 loop?" });
      await confirm.getByRole("button", { name: "Take down" }).click();
      // Done once the API said so (while the dialog is open the table is hidden from the role queries).
      await expectToast(page, "Loop taken down");
      await expect(confirm).toBeHidden();
      await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
      const gone = await visitorPage.goto(`/loops/${loopId}`);
      expect(gone?.status()).toBe(410);
      await expect(visitorPage.getByText("This loop is no longer available")).toBeVisible();
    } finally {
      await visitor.close();
    }
    await buyer.page.goto("/library");
    const entry = buyer.page.getByRole("article", { name: renamed });
    await expect(entry).toContainText("No longer listed");
    await expect(entry.getByRole("button", { name: /^Download again/ })).toBeVisible();
    await screenshot(buyer.page, "issue-37-library");
    await phoneScreenshot(buyer.page, "issue-37-library-phone");
  } finally {
    await buyer.close();
  }
});
