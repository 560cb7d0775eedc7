// Signed out: the landing page, the Join dialog, the not-found page and /settings.
import { expect, fetchCurrentUser, test } from "../support/fixtures";
import { openJoinDialog } from "../support/flows";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

interface PublicStats {
  totalUsers: number;
  totalCreators: number;
  totalLoops: number;
  tokensEarned: string;
  leaderboard: Array<{ id: string; username: string | null; firstName: string | null }>;
}

const integer = new Intl.NumberFormat("en-US");

/** How the app shows a LOOP amount ("1234.50000000" → "1,234.5", "0.00000001" → "0.00000001"): web/src/lib/format.ts. */
function loopAmount(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  const significant = fraction.replace(/0+$/, "");
  const wholeText = integer.format(BigInt(whole));
  return significant ? `${wholeText}.${significant}` : wholeText;
}

/** Every call-to-action of the signed-out page: each opens the Join dialog. */
const CALLS_TO_ACTION = [
  "Login",
  "Claim your 500 LOOP",
  "Start selling loops",
  "Find your sound",
  "Start selling",
  "Meet producers",
  "Join the Competition",
];

test.describe("signed out", () => {
  test("the landing page shows the hero, real statistics and the leaderboard", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Make loops\.\s*Earn LOOP\./ })).toBeVisible();

    const stats = page.getByRole("region", { name: "Platform statistics" });
    await expect(stats).toBeVisible();
    // The tests create users and loops while this one runs: compare a fresh page with a fresh answer.
    const members = page.getByTestId("stat-members").getByRole("definition");
    await expect(async () => {
      const response = await page.request.get("/api/stats/public");
      expect(response.ok()).toBe(true);
      const api = (await response.json()) as PublicStats;
      expect(api.totalUsers).toBeGreaterThanOrEqual(4); // the seeded admin and three demo creators
      await page.reload();
      await expect(members).toHaveText(integer.format(api.totalUsers), { timeout: 5_000 });
      await expect(page.getByTestId("stat-creators").getByRole("definition")).toHaveText(integer.format(api.totalCreators), {
        timeout: 1_000,
      });
      await expect(page.getByTestId("stat-loops").getByRole("definition")).toHaveText(integer.format(api.totalLoops), { timeout: 1_000 });
      await expect(page.getByTestId("stat-tokens-earned").getByRole("definition")).toHaveText(loopAmount(api.tokensEarned), {
        timeout: 1_000,
      });
    }).toPass({ timeout: EVENT_DEADLINE_MS });

    const leaderboard = page.getByRole("region", { name: "Top creators" });
    await expect(leaderboard).toBeVisible();
    // Other tests list loops while this one runs (and the e2e stack has no demo catalog), so the
    // board can change between the page's call and ours: compare a fresh page with a fresh answer.
    await expect(async () => {
      const board = ((await (await page.request.get("/api/stats/public")).json()) as PublicStats).leaderboard;
      await page.reload();
      if (board.length === 0) {
        await expect(leaderboard.getByTestId("leaderboard-empty")).toBeVisible({ timeout: 5_000 });
        return;
      }
      const names = board.map((entry) => entry.username || entry.firstName || "Anonymous creator");
      expect(names).not.toContain("admin");
      const rows = leaderboard.getByRole("table", { name: "Top creators by experience" }).getByRole("rowheader");
      await expect(rows).toHaveCount(board.length, { timeout: 5_000 });
      for (const [index, name] of names.entries()) await expect(rows.nth(index)).toContainText(name, { timeout: 1_000 });
    }).toPass({ timeout: EVENT_DEADLINE_MS });
  });

  test("every call-to-action opens the Join dialog", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of CALLS_TO_ACTION) {
      const dialog = await openJoinDialog(page, () => page.getByRole("button", { name, exact: true }).click());
      await page.keyboard.press("Escape");
      await expect(dialog, `the Join dialog opened by "${name}" closes`).toBeHidden();
    }
    // The menu's entry too.
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = await openJoinDialog(page, () => page.getByRole("menuitem", { name: "Sign Up / Login" }).click());
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the Join dialog offers e-mail and wallet sign-in", async ({ page }) => {
    await page.goto("/");
    const dialog = await openJoinDialog(page, () => page.getByRole("button", { name: "Claim your 500 LOOP" }).click());
    const email = dialog.getByRole("link", { name: "Sign up or sign in with e-mail" });
    await expect(email).toHaveAttribute("href", "/api/login");
    await expect(dialog.getByRole("button", { name: "Sign up or sign in with a wallet" })).toBeVisible();
    const note = dialog.getByTestId("join-dialog-note");
    await expect(note).toContainText("MetaMask");
    await expect(note).toContainText("Rabby");
    await expect(note).toContainText(/accounts created automatically/i);

    // The e-mail option leaves for the API's /api/login, which sends us to the e-mail form.
    await email.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("E-mail address")).toBeVisible();
  });

  test("an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("/settings asks to log in", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Please log in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
    expect((await fetchCurrentUser(page)).status).toBe(401);
  });
});
