// The shelf, as a creator and a listener use it: upload a loop through the dialog, watch it become
// ready, play its preview, find it with the filters and the search box, open the creator's public
// profile, and download it. And uploads the server refuses reach the browser with their message.
import { readFile } from "node:fs/promises";
import { expect, expectToast, freshEmail, recordToasts, test } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { isLocalUrl } from "../support/injected-wallet";
import { loopWav } from "../support/loop-wav";
import { uniqueWord, uploadLoop } from "../support/upload";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.describe("catalog", () => {
  test("a creator's upload becomes ready, plays, is found by filters and search, and downloads", async ({ page, stack }) => {
    const email = freshEmail("rhea");
    const me = await signInOnPage(page, stack, email);
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
    await expect(card.getByTestId("player-time")).not.toHaveText(/^0:00 \//);
    await card.getByRole("button", { name: `Pause preview of ${title}` }).click();

    // Filters: genre, free and duration band keep it; paid, or a band it is not in, drops it. (A
    // filter is a link's state: its box is ticked once the address changed, so each pick is checked.)
    const filters = page.getByRole("complementary", { name: "Filters" });
    const pick = async (label: string) => {
      const box = filters.getByLabel(label, { exact: true });
      await box.click();
      await expect(box).toBeChecked();
    };
    await pick("Funk");
    await pick("Free");
    await pick("Short (under 30s)");
    await expect(card).toBeVisible();
    await expect(page.getByTestId("loops-count")).toHaveText(/^\d+ loops? found$/);
    await pick("Paid");
    await expect(card).toBeHidden();
    await pick("Free");
    await pick("Long (over 1min)");
    await expect(card).toBeHidden();
    await pick("Short (under 30s)");
    await expect(card).toBeVisible();
    // The filters are in the address: a reload keeps them, and the loop with them.
    await expect(page).toHaveURL(/[?&]duration=short/);
    await page.reload();
    await expect(filters.getByLabel("Short (under 30s)")).toBeChecked();
    await expect(filters.getByLabel("Free", { exact: true })).toBeChecked();
    await expect(page.getByRole("article", { name: title })).toBeVisible();

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
    const downloading = page.waitForEvent("download", { timeout: EVENT_DEADLINE_MS });
    const wav = page.getByRole("menuitem", { name: /WAV/ });
    await expect(async () => {
      if (!(await wav.isVisible())) await profileCard.getByRole("button", { name: /Download/ }).click();
      await wav.click({ timeout: 2_000 });
    }).toPass({ timeout: EVENT_DEADLINE_MS });
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.wav$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WAVE");

    // Signed out, a visitor still finds and previews it, and is asked to log in to download.
    await page.getByRole("button", { name: "Logout", exact: true }).click();
    // Logout posts, then loads the landing page: wait for it, or the next navigation is aborted.
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/home");
    await page.getByRole("button", { name: "Recent" }).click();
    const visitorCard = page.getByRole("article", { name: title });
    await expect(visitorCard.getByRole("button", { name: `Play preview of ${title}` })).toBeVisible();
    await visitorCard.getByRole("button", { name: /Download/ }).click();
    await expect(page.getByText("Login Required").first()).toBeVisible();
  });

  test("Load More pages the shelf by cursor: 24 more, none twice, under the count of loops found", async ({ page, browser, stack }) => {
    // More than a page of loops (e2e runs without the demo catalog): two creators (20 uploads an
    // hour each) upload 13 one-second loops each through the API, as the upload dialog sends them.
    const word = uniqueWord("Shelf");
    const secondCreator = await browser.newContext({ baseURL: stack.webUrl });
    await recordToasts(secondCreator);
    const creators = [page, await secondCreator.newPage()];
    for (const [index, creator] of creators.entries()) {
      await signInOnPage(creator, stack, freshEmail(`shelf${index}`), null);
      for (let n = 0; n < 13; n++) {
        const response = await creator.request.post("/api/loops/upload", {
          headers: { origin: new URL(stack.webUrl).origin },
          multipart: {
            title: `${word} ${index}-${n}`,
            genreId: "1",
            price: "0",
            audio: { name: "shelf.wav", mimeType: "audio/wav", buffer: loopWav({ seconds: 1, bpm: 120 }) },
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }
    }
    await expect(async () => {
      const listed = (await (await page.request.get(`/api/loops?search=${word}&limit=1`)).json()) as { total: number };
      expect(listed.total).toBe(26);
    }).toPass({ timeout: EVENT_DEADLINE_MS });

    await page.goto("/home");
    await page.getByRole("button", { name: "Recent" }).click();
    const shelf = page.getByRole("region", { name: "Browse loops" });
    const cards = shelf.getByRole("article");
    await expect(cards).toHaveCount(24);
    await expect(page.getByTestId("loops-count")).toHaveText(/^\d+ loops found$/);
    const total = Number((await page.getByTestId("loops-count").textContent())!.split(" ")[0]);
    expect(total).toBeGreaterThanOrEqual(26);

    const nextPage = page.waitForRequest(
      (request) => request.url().includes("/api/loops?") && new URL(request.url()).searchParams.has("after"),
    );
    await shelf.getByRole("button", { name: "Load More Loops" }).click();
    await nextPage;
    await expect(cards).toHaveCount(Math.min(total, 48));
    const ids = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-labelledby")));
    expect(new Set(ids).size).toBe(ids.length);
    if (total <= 48) await expect(shelf.getByRole("button", { name: "Load More Loops" })).toBeHidden();
  });

  test("uploads refused before their body is read reach the browser: signed out, over 50 MB, not audio", async ({ browser, stack }) => {
    // A context without request routing: Playwright's interception copies every request body through
    // the DevTools protocol (a 53 MB upload took 22 s), which a user's browser does not do. Requests
    // to other hosts are watched instead of blocked, and fail the test all the same.
    const context = await browser.newContext({ baseURL: stack.webUrl });
    await recordToasts(context);
    const outside: string[] = [];
    context.on("request", (request) => {
      if (!isLocalUrl(request.url())) outside.push(request.url());
    });
    const page = await context.newPage();
    /** POST /api/loops/upload from the page with XMLHttpRequest, as the dialog sends it, of `megabytes` of a WAV-headed file. */
    const sendFromPage = (megabytes: number) =>
      page.evaluate(async (size) => {
        const bytes = new Uint8Array(size * 1024 * 1024);
        bytes.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45], 0); // "RIFF....WAVE"
        const form = new FormData();
        form.append("title", "Too big");
        form.append("audio", new Blob([bytes], { type: "audio/wav" }), "big.wav");
        return new Promise<{ status: number; body: string }>((resolve) => {
          const xhr = new XMLHttpRequest();
          xhr.open("POST", "/api/loops/upload");
          xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
          xhr.onerror = () => resolve({ status: 0, body: "network error" });
          xhr.send(form);
        });
      }, megabytes);

    await page.goto("/");
    expect(await sendFromPage(8)).toEqual({ status: 401, body: JSON.stringify({ message: "Unauthorized", code: "UNAUTHORIZED" }) });
    await signInOnPage(page, stack, freshEmail("vera"));
    // Past the 50 MB the dialog itself would refuse: the server's refusal, as it says it.
    expect(await sendFromPage(53)).toEqual({
      status: 413,
      body: JSON.stringify({ message: "File Too Large: Please select a file smaller than 50MB.", code: "FILE_TOO_LARGE" }),
    });

    // Through the dialog: 8 MB named .wav that is not audio, refused by the server after its first bytes.
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Your Music" });
    await dialog
      .getByLabel("Audio file")
      .setInputFiles({ name: "not-audio.wav", mimeType: "audio/wav", buffer: Buffer.alloc(8 * 1024 * 1024, 0x41) });
    await dialog.getByLabel("Title").fill("Not Audio");
    await dialog.getByLabel("Genre").selectOption({ label: "Funk" });
    await dialog.getByRole("button", { name: "Upload Loop" }).click();
    await expectToast(page, "Upload Failed", "Invalid File Type: Please select an MP3, WAV, FLAC, M4A, AAC or OGG audio file.");
    await expect(dialog).toBeVisible();
    await context.close();
    expect(outside, "the app must not call hosts outside this machine").toEqual([]);
  });
});
