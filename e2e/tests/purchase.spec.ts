// Buying a loop with the in-app LOOP balance, as a creator and a listener do it: the creator lists
// two paid loops; a new member (500 LOOP welcome bonus = $1.00) finds them on the creator's public
// profile, buys the affordable one as WAV from the Purchase dialog, gets the file at once and by
// e-mail (a signed download link), and sees the LOOP leave the balance; the creator gets the sale
// e-mail and the credit. The other loop costs more than the balance: the dialog says by how much
// and does not let the buyer pay. Then an admin hides the loop bought: it stays in the buyer's
// library, where it plays, downloads again and opens its licence (issue 37).
import { readFile } from "node:fs/promises";
import { expect, freshEmail, test } from "../support/fixtures";
import { signInByApi } from "../support/api-sign-in";
import { EVENT_DEADLINE_MS } from "../support/deadlines";
import { openFromProfileCard } from "../support/profile-card";
import { expectPurchaseMails, isWav, mailsBefore, payAndExpectWav } from "../support/purchase-delivery";
import { listAsNewCreator, signInInOwnBrowser } from "../support/sale-parties";
import { uploadLoop } from "../support/upload";
import { expectShownBalance, expectOneTransfer, loopBalanceCard } from "../support/loop-balances";

const ADMIN_EMAIL = "admin@loop.local";

test.describe("buying with the in-app LOOP balance", () => {
  test("a member buys a loop as WAV, downloads it, gets it by e-mail; a loop above the balance cannot be paid", async ({
    page,
    stack,
    browser,
  }) => {
    // The creator lists two paid loops: $0.50 (affordable with the bonus) and $2.00 (not).
    const listed = await listAsNewCreator(page, stack, { emailLabel: "sela", titleWord: "Quasar", title: "Dusk Groove", price: "0.50" });
    const { email: sellerEmail, user: seller, title, slug } = listed;
    const pricey = `${listed.word} Gold Riff`;
    await uploadLoop(page, { title: pricey, price: "2.00", genre: "Funk", fileName: "gold-riff.wav" });

    // The buyer: a new member in their own browser, with the 500 LOOP welcome bonus.
    const buyerEmail = freshEmail("bruno");
    const buyer = await signInInOwnBrowser(browser, stack, buyerEmail);
    const buyerPage = buyer.page;
    await expectShownBalance(buyerPage, "500 LOOP");

    // On the creator's public profile: Buy opens the Purchase dialog.
    const { card, dialog } = await openFromProfileCard(buyerPage, seller.id, title, "buy", "$0.50");
    const summary = dialog.getByTestId("purchase-summary");
    // MP3 first: +2%, $0.51 = 255 LOOP.
    await expect(dialog.getByRole("radio", { name: /MP3/ })).toBeChecked();
    await expect(dialog.getByTestId("purchase-total")).toHaveText("$0.51");
    await expect(dialog.getByTestId("purchase-loop-amount")).toHaveText("255 LOOP");
    // WAV: +4%, $0.52 = 260 LOOP, covered by the balance.
    await dialog.getByRole("radio", { name: /WAV/ }).check();
    await expect(summary).toContainText("Marketplace fee (WAV 4%)");
    await expect(summary).toContainText("$0.50");
    await expect(summary).toContainText("$0.02");
    await expect(dialog.getByTestId("purchase-total")).toHaveText("$0.52");
    await expect(dialog.getByTestId("purchase-loop-amount")).toHaveText("260 LOOP");
    await expect(dialog.getByTestId("purchase-loop-available")).toHaveText("500 LOOP");
    await expect(dialog.getByText("Your balance covers this purchase.")).toBeVisible();

    // Pay: the success toast, the WAV downloads at once, the dialog closes and the card offers Download.
    const before = await mailsBefore(stack, buyerEmail, sellerEmail);
    await payAndExpectWav({ page: buyerPage, dialog, card, title, slug }, dialog.getByRole("button", { name: "Pay with LOOP" }));

    // The Token page: 500 - 260 = 240 LOOP, and the purchase in the transfer history.
    await buyerPage.goto("/tokens");
    await expect(loopBalanceCard(buyerPage).getByTestId("wallet-balance")).toHaveText("240 LOOP");
    await expectOneTransfer(buyerPage, `${title} (WAV)`, "-260 LOOP");

    // The buyer's receipt with a working link, and the seller's sale e-mail; the price (not the fee) credited in their history.
    await expectPurchaseMails(stack, buyerPage, { title, slug, buyerEmail, sellerEmail, before });
    await page.goto("/tokens");
    await expectOneTransfer(page, `${title} (WAV)`, "+250 LOOP");

    // A loop above the balance: $2.04 = 1,020 LOOP with 240 available, short by 780; Pay stays disabled.
    const { card: priceyCard, dialog: refused } = await openFromProfileCard(buyerPage, seller.id, pricey, "buy", "$2.00");
    await expect(refused.getByTestId("purchase-total")).toHaveText("$2.04");
    await expect(refused.getByTestId("purchase-loop-amount")).toHaveText("1,020 LOOP");
    await expect(refused.getByTestId("purchase-loop-available")).toHaveText("240 LOOP");
    await expect(refused.getByRole("status")).toContainText("Insufficient balance: short by 780 LOOP.");
    await expect(refused.getByRole("link", { name: "Buy LOOP Tokens" })).toBeVisible();
    await expect(refused.getByRole("button", { name: "Pay with LOOP" })).toBeDisabled();
    // Nothing was bought: the card still offers Buy, the balance is unchanged.
    await buyerPage.keyboard.press("Escape");
    await expect(refused).toBeHidden();
    await expect(priceyCard.getByRole("button", { name: `Buy ${pricey}` })).toBeVisible();
    await buyerPage.goto("/tokens");
    await expect(loopBalanceCard(buyerPage).getByTestId("wallet-balance")).toHaveText("240 LOOP");

    // Issue 37: an admin hides the loop; the buyer still has it in the library (from the menu), plays
    // it, downloads it again and opens its licence.
    const library = (await (await buyerPage.request.get("/api/library")).json()) as { entries: { loop: { id: string; title: string } }[] };
    const loopId = library.entries.find((entry) => entry.loop.title === title)?.loop.id;
    expect(loopId, "the purchase is in the buyer's library").toBeTruthy();
    const admin = await browser.newContext({ baseURL: stack.webUrl });
    try {
      await signInByApi(admin.request, stack, ADMIN_EMAIL);
      const hidden = await admin.request.put(`/api/admin/loops/${loopId}/moderation`, {
        data: { hidden: true, reason: "Reported sample" },
        headers: { Origin: stack.webUrl },
      });
      expect(hidden.status(), await hidden.text()).toBe(200);
    } finally {
      await admin.close();
    }
    await buyerPage.goto(`/profile/${seller.id}`);
    await expect(buyerPage.getByRole("article", { name: pricey })).toBeVisible();
    await expect(buyerPage.getByRole("article", { name: title })).toHaveCount(0);
    await buyerPage.getByRole("button", { name: "Open menu" }).click();
    await buyerPage.getByRole("menuitem", { name: "Library" }).click();
    await expect(buyerPage).toHaveURL(/\/library$/);
    const entry = buyerPage.getByRole("article", { name: title });
    await expect(entry).toContainText("No longer listed");
    await expect(entry).toContainText("WAV");
    await entry.getByRole("button", { name: `Play preview of ${title}` }).click();
    const bar = buyerPage.getByRole("region", { name: "Player" });
    await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(bar.getByTestId("player-bar-time")).not.toHaveText(/^0:00 \//);
    const downloading = buyerPage.waitForEvent("download", { timeout: EVENT_DEADLINE_MS });
    await entry.getByRole("button", { name: /^Download again/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${slug}.wav`);
    expect(isWav(await readFile((await download.path())!)), "the download is a WAV file").toBe(true);
    await entry.getByRole("link", { name: /^View licence/ }).click();
    await expect(buyerPage).toHaveURL(/\/licences\/[0-9a-f-]{36}$/);
    await expect(buyerPage.getByTestId("licence-status")).toContainText("Valid");

    await buyer.close();
  });
});
