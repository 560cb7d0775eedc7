// Buying a loop through an offer, as a creator and a listener do it: the creator lists a $0.90 loop;
// a new member (500 LOOP welcome bonus = $1.00) offers $0.50 for the MP3 from the loop's card on the
// creator's public profile, with a message; the offer plus its fee (255 LOOP) is held. The creator
// finds it on /negotiations (Received Offers) and counters at $0.70; the buyer accepts the counter
// on /negotiations (Sent Offers). The sale completes at once: both see the offer accepted, the
// buyer's card offers Download (the MP3), the receipt and the sale notice arrive by e-mail, and
// $0.71 (355 LOOP) left the buyer's balance.
import { currentUser, expect, expectToast, freshEmail, test } from "../support/fixtures";
import { openFromProfileCard } from "../support/profile-card";
import { downloadFromCard, expectPurchaseMails, mailsBefore } from "../support/purchase-delivery";
import { listAsNewCreator, signInInOwnBrowser } from "../support/sale-parties";
import { amount, negotiationsTab } from "../support/negotiations";
import { expectShownBalance, expectOneTransfer, loopBalanceCard } from "../support/loop-balances";

test.describe("offers", () => {
  test("a member offers on a loop, the creator counters, the member accepts and gets the MP3 at once and by e-mail", async ({
    page,
    stack,
    browser,
  }) => {
    // The creator lists a $0.90 loop.
    const listed = await listAsNewCreator(page, stack, { emailLabel: "olga", titleWord: "Pulsar", title: "Offer Groove", price: "0.90" });
    const { email: sellerEmail, user: seller, title, slug } = listed;

    // The buyer: a new member in their own browser, with the 500 LOOP welcome bonus.
    const buyerEmail = freshEmail("otto");
    const buyerBrowser = await signInInOwnBrowser(browser, stack, buyerEmail);
    const buyerPage = buyerBrowser.page;
    const buyer = await currentUser(buyerPage);
    expect(buyer.username).toBeTruthy();
    await expectShownBalance(buyerPage, "500 LOOP");

    // On the creator's public profile: Make Offer opens the offer dialog.
    const { card, dialog: offerDialog } = await openFromProfileCard(buyerPage, seller.id, title, "offer", "$0.90");
    await expect(offerDialog.getByTestId("offer-price")).toHaveText("Price: $0.90");
    await expect(offerDialog.getByRole("radio", { name: /MP3/ })).toBeChecked();
    const send = offerDialog.getByRole("button", { name: "Send Offer" });
    await expect(send).toBeDisabled();
    // Not below the price: refused in the dialog.
    await offerDialog.getByLabel("Your offer (USD)").fill("0.90");
    await expect(offerDialog.getByText("Offer Too High: Offer less than the price, or buy the loop at its price")).toBeVisible();
    await expect(send).toBeDisabled();
    // $0.50 + MP3 2% = $0.51, 255 LOOP held.
    await offerDialog.getByLabel("Your offer (USD)").fill("0.50");
    const summary = offerDialog.getByTestId("offer-summary");
    await expect(summary).toContainText("Marketplace fee (MP3 2%)");
    await expect(summary).toContainText("$0.01");
    await expect(summary).toContainText("Total if accepted$0.51");
    await expect(offerDialog.getByTestId("offer-held")).toContainText("balance: 255 LOOP");
    const message = "Would you take $0.50? It is for a student film.";
    await offerDialog.getByLabel("Message (optional)").fill(message);
    await expect(send).toBeEnabled();
    await send.click();
    await expectToast(buyerPage, "Offer Sent", `Your offer of $0.50 for ${title} was sent to the creator.`);
    await expect(offerDialog).toBeHidden();

    // The buyer's Sent Offers: pending, the seller, the offer and the LOOP held for it.
    let sent = await negotiationsTab(buyerPage, "Sent Offers");
    let sentItem = sent.getByRole("article", { name: title });
    await expect(sentItem).toHaveCount(1);
    await expect(sentItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "pending");
    await expect(sentItem.getByTestId("negotiation-status")).toHaveText("Pending");
    await expect(sentItem).toContainText(`Seller: ${seller.username}`);
    await expect(sentItem).toContainText("MP3");
    await expect(amount(sentItem, "Original price")).toHaveText("$0.90");
    await expect(amount(sentItem, "Offer")).toHaveText("$0.50");
    await expect(amount(sentItem, "Held")).toHaveText("255 LOOP");
    await expect(sentItem).toContainText(`Your message: ${message}`);
    await expect(sentItem.getByRole("button", { name: `Withdraw offer on ${title}` })).toBeVisible();
    await expect(sentItem.getByRole("button", { name: `Accept offer on ${title}` })).toHaveCount(0);

    // The seller's Received Offers: the buyer's name and message; Counter opens the response dialog.
    const received = await negotiationsTab(page, "Received Offers");
    const receivedItem = received.getByRole("article", { name: title });
    await expect(receivedItem).toHaveCount(1);
    await expect(receivedItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "pending");
    await expect(receivedItem).toContainText(`Buyer: ${buyer.username}`);
    await expect(receivedItem).toContainText(`Message: ${message}`);
    await expect(amount(receivedItem, "Offer")).toHaveText("$0.50");
    await expect(receivedItem.getByRole("button", { name: `Accept offer on ${title}` })).toBeVisible();
    await expect(receivedItem.getByRole("button", { name: `Reject offer on ${title}` })).toBeVisible();
    await receivedItem.getByRole("button", { name: `Counter offer on ${title}` }).click();
    const counterDialog = page.getByRole("dialog", { name: "Counter Offer" });
    await expect(counterDialog).toBeVisible();
    await expect(counterDialog).toContainText(
      `Name your price for ${title}; ${buyer.username} offered $0.50 and can accept or reject your counter.`,
    );
    const sendResponse = counterDialog.getByRole("button", { name: "Send Response" });
    await expect(sendResponse).toBeDisabled();
    // The same amount as the offer is no counter.
    await counterDialog.getByLabel("Counter offer (USD)").fill("0.50");
    await expect(counterDialog.getByText("Invalid Counter Offer: Counter with an amount other than the offer")).toBeVisible();
    await expect(sendResponse).toBeDisabled();
    await counterDialog.getByLabel("Counter offer (USD)").fill("0.70");
    const reply = "Meet me at $0.70 and it is yours.";
    await counterDialog.getByLabel("Message (optional)").fill(reply);
    await expect(sendResponse).toBeEnabled();
    await sendResponse.click();
    await expectToast(page, "Response Sent");
    await expect(counterDialog).toBeHidden();
    await expect(receivedItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "counter");
    await expect(amount(receivedItem, "Counter offer")).toHaveText("$0.70");
    await expect(receivedItem.getByRole("button", { name: `Counter offer on ${title}` })).toHaveCount(0);

    // The buyer reloads Sent Offers: the counter, with the seller's message; Accept or Reject.
    sent = await negotiationsTab(buyerPage, "Sent Offers");
    sentItem = sent.getByRole("article", { name: title });
    await expect(sentItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "counter");
    await expect(sentItem.getByTestId("negotiation-status")).toHaveText("Counter Offer");
    await expect(amount(sentItem, "Offer")).toHaveText("$0.50");
    await expect(amount(sentItem, "Counter offer")).toHaveText("$0.70");
    await expect(sentItem).toContainText(`Seller's response: ${reply}`);
    await expect(sentItem.getByRole("button", { name: `Reject offer on ${title}` })).toBeVisible();
    await expect(sentItem.getByRole("button", { name: `Withdraw offer on ${title}` })).toHaveCount(0);

    // Accept: $0.70 + MP3 fee $0.01 = $0.71, 355 LOOP, the sale completes at once.
    await sentItem.getByRole("button", { name: `Accept offer on ${title}` }).click();
    const acceptDialog = buyerPage.getByRole("dialog", { name: "Accept Counter Offer" });
    await expect(acceptDialog).toBeVisible();
    await expect(acceptDialog).toContainText(`Buy ${title} (MP3) for $0.70 plus the format fee. The sale completes at once.`);
    await expect(acceptDialog.getByTestId("respond-held")).toContainText(
      "Total $0.71 (with the MP3 fee), paid from your LOOP balance: 355 LOOP",
    );
    const before = await mailsBefore(stack, buyerEmail, sellerEmail);
    await acceptDialog.getByRole("button", { name: "Send Response" }).click();
    await expectToast(buyerPage, "Response Sent");
    await expect(acceptDialog).toBeHidden();
    await expect(sentItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "accepted");
    await expect(sentItem.getByTestId("negotiation-status")).toHaveText("Accepted");
    await expect(sentItem.getByRole("button")).toHaveCount(0);
    await expect(amount(sentItem, "Held")).toHaveCount(0);

    // The seller sees it accepted too.
    const receivedAgain = await negotiationsTab(page, "Received Offers");
    const acceptedItem = receivedAgain.getByRole("article", { name: title });
    await expect(acceptedItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "accepted");
    await expect(acceptedItem.getByTestId("negotiation-status")).toHaveText("Accepted");
    await expect(acceptedItem.getByRole("button")).toHaveCount(0);

    // A completed purchase: the buyer's card offers Download, which gives the MP3. (A loop is sold per
    // format: with only the MP3 bought, the card may still offer to buy the WAV, so Buy is not checked.)
    await buyerPage.goto(`/profile/${seller.id}`);
    await expect(card.getByRole("button", { name: `Download ${title}` })).toBeVisible();
    await downloadFromCard(buyerPage, card, { title, slug, format: "mp3" });

    // The buyer's receipt (MP3) with a working link, and the seller's sale notice.
    const { receipt } = await expectPurchaseMails(stack, buyerPage, { title, slug, buyerEmail, sellerEmail, before, format: "mp3" });
    expect(receipt.text).toContain("Price: $0.70 USD");
    expect(receipt.text).toContain("Total: $0.71 USD (355 LOOP)");

    // The Token page: 500 - 355 = 145 LOOP, nothing held any more; the seller got the price (350 LOOP).
    await buyerPage.goto("/tokens");
    await expect(loopBalanceCard(buyerPage).getByTestId("wallet-balance")).toHaveText("145 LOOP");
    await expectOneTransfer(buyerPage, `${title} (MP3)`, "-355 LOOP");
    await page.goto("/tokens");
    await expectOneTransfer(page, `${title} (MP3)`, "+350 LOOP");

    await buyerBrowser.close();
  });
});
