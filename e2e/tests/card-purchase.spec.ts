// Buying a loop with a saved card (Stripe, here the local fake that global-setup.ts starts): the
// creator lists a paid loop; a member saves a Visa (the API attaches Stripe's test card
// pm_card_visa, as the Settings dialog would after Stripe.js), sees it in Settings as the default,
// then buys the loop as WAV from the Purchase dialog's Card tab: the server charges the card at
// once, the file downloads, the card offers Download and the receipt arrives by e-mail. PayPal is
// not configured on the e2e stack, and its tab says so.
import { expect, freshEmail, test } from "../support/fixtures";
import { openFromProfileCard } from "../support/profile-card";
import { expectPurchaseMails, mailsBefore, payAndExpectWav } from "../support/purchase-delivery";
import { listAsNewCreator, signInInOwnBrowser } from "../support/sale-parties";

test.describe("buying with a saved card", () => {
  test("a member saves a Visa, sees it in Settings, buys a loop as WAV with it and gets it at once and by e-mail", async ({
    page,
    stack,
    browser,
  }) => {
    // The creator lists a $1.00 loop.
    const listed = await listAsNewCreator(page, stack, { emailLabel: "cora", titleWord: "Nebula", title: "Card Groove", price: "1.00" });
    const { email: sellerEmail, user: seller, title, slug } = listed;

    // The buyer: a new member in their own browser.
    const buyerEmail = freshEmail("carl");
    const buyer = await signInInOwnBrowser(browser, stack, buyerEmail);
    const buyerPage = buyer.page;

    // Saves Stripe's test Visa with the page's session (the API refuses a change from another Origin).
    const saved = await buyerPage.request.post("/api/payment-methods", {
      data: { stripePaymentMethodId: "pm_card_visa", type: "card" },
      headers: { Origin: stack.webUrl },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const card = (await saved.json()) as { brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };
    expect(card).toMatchObject({ brand: "visa", last4: "4242", isDefault: true });
    const expiry = `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;

    // Settings → Payment Methods: the Visa, its last four digits, the Default badge.
    await buyerPage.getByRole("button", { name: "Open menu" }).click();
    await buyerPage.getByRole("menuitem", { name: "Settings" }).click();
    await expect(buyerPage).toHaveURL(/\/settings$/);
    const methods = buyerPage.getByRole("region", { name: "Payment Methods" });
    const visaRow = methods.getByRole("listitem", { name: "Visa ending in 4242" });
    await expect(visaRow).toBeVisible();
    await expect(visaRow).toContainText("Visa");
    await expect(visaRow).toContainText("•••• 4242");
    await expect(visaRow).toContainText("Default");
    await expect(visaRow).toContainText(`Expires ${expiry}`);
    await expect(methods.getByRole("listitem")).toHaveCount(1);

    // On the creator's public profile: Buy opens the Purchase dialog; WAV is $1.00 + 4% = $1.04.
    const { card: loopCard, dialog } = await openFromProfileCard(buyerPage, seller.id, title, "buy", "$1.00");
    await dialog.getByRole("radio", { name: /WAV/ }).check();
    await expect(dialog.getByTestId("purchase-total")).toHaveText("$1.04");

    // PayPal is not configured on the e2e stack: its tab says so and offers no button.
    await dialog.getByRole("tab", { name: "PayPal" }).click();
    const paypal = dialog.getByRole("tabpanel", { name: "PayPal" });
    await expect(paypal).toContainText("PayPal is not configured on this marketplace.");
    await expect(paypal.getByRole("button")).toHaveCount(0);

    // The Card tab: the saved Visa, chosen (it is the default), and Pay for the WAV total.
    await dialog.getByRole("tab", { name: "Card" }).click();
    await expect(dialog.getByRole("tab", { name: "Card" })).toHaveAttribute("aria-selected", "true");
    const cardPanel = dialog.getByRole("tabpanel", { name: "Card" });
    const visa = cardPanel.getByRole("radio", { name: `Visa •••• 4242 · ${expiry} Default` });
    await expect(visa).toBeChecked();
    await expect(cardPanel.getByRole("radio")).toHaveCount(1);

    // Pay: the success toast, the WAV downloads at once, the dialog closes and the card offers Download;
    // then the buyer's receipt with a working link, and the creator's sale notice.
    const before = await mailsBefore(stack, buyerEmail, sellerEmail);
    await payAndExpectWav({ page: buyerPage, dialog, card: loopCard, title, slug }, cardPanel.getByRole("button", { name: "Pay $1.04" }));
    await expectPurchaseMails(stack, buyerPage, { title, slug, buyerEmail, sellerEmail, before });

    await buyer.close();
  });
});
