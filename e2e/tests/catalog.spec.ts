// The shelf, as a creator and a listener use it: upload a loop through the dialog, watch it become
// ready, play its preview, find it with the filters and the search box, open the creator's public
// profile, and download it.
import { readFile } from "node:fs/promises";
import { currentUser, expect, freshEmail, test } from "../support/fixtures";
import { signInWithEmail } from "../support/flows";
import { uploadLoop } from "../support/upload";

test.describe("catalog", () => {
  test("a creator's upload becomes ready, plays, is found by filters and search, and downloads", async ({ page, stack }) => {
    test.setTimeout(150_000);
    const email = freshEmail("rhea");
    await signInWithEmail(page, stack, email);
    const me = await currentUser(page);
    // A title nobody else has, so that every filter and search below can only be satisfied by it.
    const word = `Zephyr${Date.now().toString(36)}`;
    const title = `${word} Tape Groove`;

    // Upload: 8 s of a 120 BPM beat, free, in Funk.
    await uploadLoop(page, { title, price: "FREE", genre: "Funk", bpm: 120, seconds: 8 });

    // Ready in the grid (newest first), with its facts.
    await page.goto("/home");
    await page.getByRole("button", { name: "Recent" }).click();
    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("loop-price")).toHaveText("FREE");
    await expect(card).toContainText("120 BPM");
    await expect(card).toContainText("0:08");
    await expect(card).toContainText("Funk");

    // The preview plays: the clock moves and the button turns into Pause.
    const previewAnswer = page.waitForResponse((response) => response.url().includes(`/preview`) && response.ok());
    await card.getByRole("button", { name: `Play preview of ${title}` }).click();
    await previewAnswer;
    await expect(card.getByRole("button", { name: `Pause preview of ${title}` })).toBeVisible();
    await expect(card.getByTestId("player-time")).not.toHaveText(/^0:00 \//, { timeout: 10_000 });
    await card.getByRole("button", { name: `Pause preview of ${title}` }).click();

    // Filters: genre, price band and duration band keep it; a band it is not in drops it.
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Funk").check();
    await filters.getByLabel("Free", { exact: true }).check();
    await filters.getByLabel("Short (under 30s)").check();
    await expect(card).toBeVisible();
    await expect(page.getByTestId("loops-count")).toHaveText(/^\d+ loops? found$/);
    await filters.getByLabel("$1 - $5").check();
    await expect(card).toBeHidden();
    await filters.getByLabel("Free", { exact: true }).check();
    await filters.getByLabel("Long (over 1min)").check();
    await expect(card).toBeHidden();
    await filters.getByLabel("Short (under 30s)").check();
    await expect(card).toBeVisible();

    // Search: a typo still finds it; the result and the creator lead to the public profile.
    const search = page.getByRole("searchbox", { name: "Search loops and creators" });
    await search.fill(word.slice(0, -1));
    const results = page.getByRole("region", { name: "Search results" });
    await expect(results.getByText(title)).toBeVisible();
    const { username } = (await (await page.request.get("/api/auth/user")).json()) as { username: string };
    await search.fill(username.slice(0, 10));
    await expect(results).toBeVisible();
    const profileLink = results.locator(`a[href="/profile/${me.id}"]`);
    await expect(profileLink).toBeVisible();
    await profileLink.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${me.id}$`));
    await expect(page.getByRole("article", { name: title })).toBeVisible();

    // Download: the creator gets the WAV deliverable as an attachment.
    const profileCard = page.getByRole("article", { name: title });
    // The profile may still be settling (a menu opened in that instant has been seen to close again
    // on CI; see the issue note): open the format menu and pick WAV until the download starts.
    await page.waitForLoadState("networkidle");
    const downloading = page.waitForEvent("download", { timeout: 30_000 });
    const wav = page.getByRole("menuitem", { name: /WAV/ });
    await expect(async () => {
      if (!(await wav.isVisible())) await profileCard.getByRole("button", { name: /Download/ }).click();
      await wav.click({ timeout: 2_000 });
    }).toPass({ timeout: 25_000 });
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.wav$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WAVE");

    // Signed out, a visitor still finds and previews it, and is asked to log in to download.
    await page.getByRole("button", { name: "Logout", exact: true }).click();
    await page.goto("/home");
    await page.getByRole("button", { name: "Recent" }).click();
    const visitorCard = page.getByRole("article", { name: title });
    await expect(visitorCard.getByRole("button", { name: `Play preview of ${title}` })).toBeVisible();
    await visitorCard.getByRole("button", { name: /Download/ }).click();
    await expect(page.getByText("Login Required").first()).toBeVisible();
  });
});
