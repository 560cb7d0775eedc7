// E-mail sign-in through MailDev (the confirm page names the account), logout from the top bar and
// from the spec's /api/logout link, and the seeded demo admin.
import { currentUser, expect, fetchCurrentUser, freshEmail, test } from "../support/fixtures";
import { redeemSignInLink, requestSignInLink, signInWithEmail } from "../support/flows";

test.describe("e-mail sign-in", () => {
  test("a mailed link names its account, signs in only on Continue, and works once", async ({ page, stack }) => {
    const email = freshEmail("mia");
    const link = await requestSignInLink(page, stack, email);
    expect(link.pathname).toBe("/login/confirm");

    // Opening the link signs nobody in: the page says whose account it is and waits.
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId("login-confirm-email")).toHaveText(email);
    await expect(page.getByText("There is no account for this address yet: continuing creates one.")).toBeVisible();
    await expect(page.getByText("Not your e-mail address? Do not continue", { exact: false })).toBeVisible();
    expect((await fetchCurrentUser(page)).status).toBe(401);

    await redeemSignInLink(page, link, email);
    const user = await currentUser(page);
    expect(user.email).toBe(email);
    await expect(page.getByTestId("home-welcome")).toHaveText(/^Hi, \S+/);
    await expect(page.getByRole("button", { name: "Logout", exact: true })).toBeVisible();

    // The link works once: opened again, the page says so straight away.
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId("login-confirm-error")).toHaveText("This sign-in link has expired or was already used.");
    await expect(page.getByRole("button", { name: /^Continue as / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Request a new sign-in link" })).toHaveAttribute("href", "/login");
  });

  test("Logout in the top bar signs out", async ({ page, stack }) => {
    await signInWithEmail(page, stack, freshEmail("leo"));
    await page.getByRole("button", { name: "Logout", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Make loops\./ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    expect((await fetchCurrentUser(page)).status).toBe(401);
    await page.reload();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  });

  test("the spec's /api/logout link asks before signing out", async ({ page, stack }) => {
    await signInWithEmail(page, stack, freshEmail("noa"));
    const me = await currentUser(page);
    await page.goto("/api/logout");
    await expect(page.getByRole("heading", { level: 1, name: "Log out of LOOP?" })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${me.username} in this browser.`)).toBeVisible();
    // Opening it (as a link from another site would) signs nobody out.
    expect((await fetchCurrentUser(page)).status).toBe(200);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    expect((await fetchCurrentUser(page)).status).toBe(401);
  });

  test("the demo admin signs in by e-mail", async ({ page, stack }) => {
    await signInWithEmail(page, stack, "admin@loop.local");
    const user = await currentUser(page);
    expect(user.email).toBe("admin@loop.local");
    expect(user.isAdmin).toBe(true);
    // `/` is the admin dashboard for admins (docs/product.md#admins), and the menu has the Admin Panel.
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toBeVisible();
  });
});
