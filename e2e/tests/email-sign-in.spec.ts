// E-mail sign-in through MailDev, logout from the top bar, and the seeded demo admin.
import { currentUser, expect, fetchCurrentUser, freshEmail, test } from "../support/fixtures";
import { redeemSignInLink, requestSignInLink, signInWithEmail } from "../support/flows";

test.describe("e-mail sign-in", () => {
  test("a mailed link signs in once", async ({ page, stack }) => {
    const email = freshEmail("mia");
    const link = await requestSignInLink(page, stack, email);
    expect(link.pathname).toBe("/login/confirm");
    await redeemSignInLink(page, link);
    const user = await currentUser(page);
    expect(user.email).toBe(email);
    await expect(page.getByTestId("home-welcome")).toHaveText(/^Hi, \S+/);
    await expect(page.getByRole("button", { name: "Logout", exact: true })).toBeVisible();

    // The link works once.
    await page.goto(link.pathname + link.search);
    await page.getByRole("button", { name: "Continue to LOOP" }).click();
    await expect(page.getByTestId("login-confirm-error")).toHaveText("This sign-in link has expired or was already used.");
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

  test("the demo admin signs in by e-mail", async ({ page, stack }) => {
    await signInWithEmail(page, stack, "admin@loop.local");
    const user = await currentUser(page);
    expect(user.email).toBe("admin@loop.local");
    expect(user.isAdmin).toBe(true);
    // `/` is the admin dashboard for admins (spec §6), and the menu has the Admin Panel.
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toBeVisible();
  });
});
