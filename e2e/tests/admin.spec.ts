// An admin at work, with a member in another browser: the admin bans the member, whose very next
// action is refused with the reason and who then sees only that they are banned; after the unban the
// member acts again. The admin sends the member a notification, which appears in the member's bell at
// once, through the event stream (the bell's fallback refresh is every 30 s; the check waits 10 s).
import type { Browser, Page } from "@playwright/test";
import { type CurrentUser, currentUser, expect, expectToast, freshEmail, recordToasts, test } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { unreadNotifications } from "../support/flows";
import { blockNonLocalRequests } from "../support/injected-wallet";
import type { StackInfo } from "../support/stack";

const ADMIN_EMAIL = "admin@loop.local";

/** A new member signed in by e-mail in a browser of their own. */
async function memberBrowser(
  browser: Browser,
  stack: StackInfo,
  label: string,
): Promise<{ page: Page; member: CurrentUser; email: string }> {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  await blockNonLocalRequests(context, (url) => {
    throw new Error(`the member's page asked for an outside host: ${url}`);
  });
  await recordToasts(context);
  const page = await context.newPage();
  const email = freshEmail(label);
  await signInOnPage(page, stack, email);
  return { page, member: await currentUser(page), email };
}

/** The demo admin lands on the dashboard at `/` and opens the Users tab on the member's row. */
async function memberRowAsAdmin(page: Page, stack: StackInfo, email: string, username: string) {
  await signInOnPage(page, stack, ADMIN_EMAIL);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByLabel("Search users").fill(email);
  const row = page.getByRole("list", { name: "Users" }).getByLabel(username, { exact: true });
  await expect(row).toBeVisible();
  return row;
}

async function createNotification(page: Page, title: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Create Notification" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Notification" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Message").fill("A note to self.");
  await dialog.getByRole("button", { name: "Create Notification" }).click();
  return dialog;
}

test.describe("admin", () => {
  test("an admin bans a member: the member's next action is refused with the reason, until the unban", async ({ page, stack, browser }) => {
    const { page: memberPage, member, email } = await memberBrowser(browser, stack, "bruno");
    const row = await memberRowAsAdmin(page, stack, email, member.username!);

    await row.getByRole("button", { name: "Ban" }).click();
    const banDialog = page.getByRole("dialog", { name: "Ban User" });
    await expect(banDialog.getByRole("button", { name: "Ban" })).toBeDisabled();
    const reason = "Uploading loops that are not yours";
    await banDialog.getByLabel("Reason").fill(reason);
    await banDialog.getByRole("button", { name: "Ban" }).click();
    await expectToast(page, "User Status Updated");
    await expect(row.getByText("Banned", { exact: true })).toBeVisible();

    // The member's session is the same one; their next action is refused, with the reason.
    const refused = await createNotification(memberPage, "Before the unban");
    await expectToast(memberPage, "Failed to Create Notification", `Your account has been banned. Reason: ${reason}`);
    // The refusal makes the page reload the member: behind the dialog, home shows the ban at once, and the bell is gone.
    await refused.getByRole("button", { name: "Cancel" }).click();
    await expect(refused).toBeHidden();
    await expect(memberPage.getByRole("alert").filter({ hasText: "Your account is banned" })).toContainText(reason);
    await expect(memberPage.getByRole("button", { name: /^Notifications\b/ })).toBeHidden();
    await memberPage.reload();
    await expect(memberPage.getByRole("alert").filter({ hasText: "Your account is banned" })).toContainText(reason);

    await row.getByRole("button", { name: "Unban" }).click();
    await expectToast(page, "User Status Updated");
    await expect(row.getByText("Banned", { exact: true })).toBeHidden();

    await memberPage.reload();
    await expect(memberPage.getByTestId("home-welcome")).toBeVisible();
    await expect(memberPage.getByText("Your account is banned")).toBeHidden();
    const dialog = await createNotification(memberPage, "After the unban");
    await expectToast(memberPage, "Notification Created");
    await expect(dialog).toBeHidden();
  });

  test("an admin sends a member a notification that appears in the member's bell at once", async ({ page, stack, browser }) => {
    const { page: memberPage, member, email } = await memberBrowser(browser, stack, "nora");
    const bell = memberPage.getByRole("button", { name: /^Notifications\b/ });
    await expect(bell).toBeVisible();
    const unreadBefore = await unreadNotifications(memberPage);

    const row = await memberRowAsAdmin(page, stack, email, member.username!);
    await row.getByRole("button", { name: "Notify" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Notification" });
    await dialog.getByLabel("Recipient").selectOption(member.id);
    const send = dialog.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await dialog.getByLabel("Title").fill("Your loop is featured");
    await dialog.getByLabel("Message").fill("It is on the front page this week.");
    await dialog.getByLabel("Type").selectOption("success");
    await send.click();
    await expectToast(page, "Notification Sent");

    // No reload: the event stream brings it.
    await expect(memberPage.getByTestId("notification-badge")).toHaveText(String(unreadBefore + 1));
    await bell.click();
    const item = memberPage
      .getByRole("list", { name: "Notification list" })
      .getByRole("listitem")
      .filter({ hasText: "Your loop is featured" });
    await expect(item).toContainText("It is on the front page this week.");
    await expect(item).toContainText("Just now");
    await memberPage.getByRole("button", { name: "Mark all as read" }).click();
    await expect(memberPage.getByTestId("notification-badge")).toBeHidden();
  });
});
