// User journeys shared by several tests, driven through the UI as a user would.
import { expect, type Page } from "@playwright/test";
import { mailIds, signInLink, waitForMail } from "./maildev";
import { withMailboxLock } from "./mailbox-lock";
import type { StackInfo } from "./stack";

/** /api/login (→ /login), asks for a link for `email`, and returns the link from MailDev. */
export async function requestSignInLink(page: Page, stack: StackInfo, email: string): Promise<URL> {
  const earlier = await mailIds(stack.mailUrl, email);
  await page.goto("/api/login");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByTestId("email-login-sent")).toContainText("Check your inbox for a sign-in link.");
  await expect(page.getByTestId("email-login-sent")).toContainText(email);
  const mail = await waitForMail(stack.mailUrl, email, { except: earlier });
  const link = signInLink(mail);
  // The link points at the app (APP_URL), where this browser has to redeem it.
  expect(link.origin).toBe(stack.webUrl);
  return link;
}

/**
 * Opens the mailed link, checks that the page names `email`'s account, and presses "Continue as
 * <email>": lands on `/`, signed in (home; the dashboard for admins).
 */
export async function redeemSignInLink(page: Page, link: URL, email: string): Promise<void> {
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("login-confirm-email")).toHaveText(email);
  await page.getByRole("button", { name: `Continue as ${email}` }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInHome(page);
}

/** `/` as a signed-in member sees it: the home's welcome, or the dashboard for an admin. */
export async function expectSignedInHome(page: Page): Promise<void> {
  await expect(page.getByTestId("home-welcome").or(page.getByRole("heading", { name: "Admin Dashboard", level: 1 }))).toBeVisible();
}

export async function signInWithEmail(page: Page, stack: StackInfo, email: string): Promise<void> {
  await withMailboxLock(email, async () => redeemSignInLink(page, await requestSignInLink(page, stack, email), email));
}

/** The Join dialog, opened by `open` (any call-to-action). */
export async function openJoinDialog(page: Page, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole("dialog", { name: "Join" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** In RainbowKit's modal ("Connect a Wallet"), picks the injected mock (announced as MetaMask). */
export async function pickMetaMaskInWalletModal(page: Page): Promise<void> {
  const modal = page.getByRole("dialog").filter({ hasText: "Connect a Wallet" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "MetaMask" }).click();
  await expect(modal).toBeHidden();
}

/** Signed out on `/`: Join → wallet → MetaMask; the app signs the SIWE message and reloads to /. */
export async function signInWithWallet(page: Page): Promise<void> {
  await page.goto("/");
  const dialog = await openJoinDialog(page, () => page.getByRole("button", { name: "Login", exact: true }).click());
  await dialog.getByRole("button", { name: "Sign up or sign in with a wallet" }).click();
  await expect(dialog).toBeHidden();
  await pickMetaMaskInWalletModal(page);
  await expect(page.getByTestId("home-welcome")).toBeVisible();
}

/**
 * The member's unread notifications as the API counts them, once the bell's badge shows the same
 * (it is loaded): the count a later notification adds one to. Reading the badge with a short
 * timeout instead took 0 whenever the page was slower than that to load it.
 */
export async function unreadNotifications(page: Page): Promise<number> {
  const response = await page.request.get("/api/notifications");
  expect(response.status()).toBe(200);
  const unread = ((await response.json()) as { isRead: boolean }[]).filter((notification) => !notification.isRead).length;
  const badge = page.getByTestId("notification-badge");
  if (unread === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(unread > 9 ? "9+" : String(unread));
  return unread;
}
