// Issue 22: a member who signed up with a wallet only adds an e-mail address (Settings → Account
// Information → Add e-mail), confirms it from the mailed link's page, and from then on gets e-mail:
// a token order's confirmation arrives at the new address. A fresh key (never a funded Hardhat
// account): this test signs in only, it spends nothing, and every run is a new wallet-only member.
import { generatePrivateKey } from "viem/accounts";
import { currentUser, expect, expectToast, freshEmail, test } from "../support/fixtures";
import { signInWithWallet } from "../support/flows";
import { type CaughtMail, waitForMail } from "../support/maildev";

test.use({ walletKey: generatePrivateKey() });

/** The `/profile/email/confirm?token=…` link of a confirmation mail (from its text part, else its HTML). */
function confirmLink(mail: CaughtMail): URL {
  const source = `${mail.text ?? ""}\n${(mail.html ?? "").replace(/&amp;/g, "&")}`;
  const match = /https?:\/\/[^\s"'<>]+\/profile\/email\/confirm\?token=[^\s"'<>&]+/.exec(source);
  if (!match) throw new Error(`no /profile/email/confirm?token= link in the mail "${mail.subject}"`);
  return new URL(match[0]);
}

test("a wallet-only member adds an e-mail address by link and gets the order confirmation there", async ({ page, stack }) => {
  await signInWithWallet(page);
  const me = await currentUser(page);
  expect(me.email).toBeNull();
  const email = freshEmail("wallet-only");

  // Settings: the security card says how this account signs in; Account Information adds the address.
  await page.goto("/settings");
  const security = page.getByRole("region", { name: "Account Security" });
  await expect(security.getByTestId("sign-in-method-email")).toContainText("No e-mail address yet.");
  await page.getByRole("region", { name: "Account Information" }).getByRole("button", { name: "Add e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an e-mail address" });
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(dialog.getByTestId("email-change-sent")).toContainText(`Check your inbox at ${email} to confirm your e-mail address.`);
  await dialog.getByRole("button", { name: "Done" }).click();

  // The link from the mail catcher opens the confirm page, which changes nothing until its button.
  const mail = await waitForMail(stack.mailUrl, email);
  expect(mail.subject).toBe("Confirm your e-mail address for LOOP");
  const link = confirmLink(mail);
  expect(link.origin).toBe(stack.webUrl);
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("email-confirm-summary")).toHaveText(`Confirm ${email} as the e-mail address of ${me.username}.`);
  expect((await currentUser(page)).email).toBeNull();
  await page.getByRole("button", { name: `Confirm ${email}` }).click();
  await expect(page.getByTestId("email-confirm-done")).toContainText(`${email} is now the e-mail address of ${me.username}.`);
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  expect((await currentUser(page)).email).toBe(email);

  // A token order: its confirmation e-mail goes to the new address.
  await page.goto("/tokens");
  await page.getByRole("region", { name: "Contact Admin" }).getByRole("button", { name: "Order Tokens" }).click();
  const order = page.getByRole("dialog", { name: "Order LOOP Tokens" });
  await order.getByLabel("Token amount (LOOP)").fill("1000");
  await order.getByLabel("Payment details").fill("payer@example.com");
  await order.getByRole("button", { name: "Submit Order" }).click();
  await expectToast(page, "Order Submitted", `A confirmation e-mail is on its way to ${email}.`);
  const confirmation = await waitForMail(stack.mailUrl, email, { except: [mail.id] });
  expect(confirmation.subject).toBe("Your LOOP order for 1000 LOOP ($2.00)");
  expect(confirmation.text).toContain("Payment method: PayPal");
});
