// Issue 24's likes, collections and follows, end to end: a creator (A) uploads two loops; a member
// (B), on A's profile, likes both (each heart counts 1), builds a public collection from a card's
// menu and follows A (1 follower); the home sorts by likes, the Liked tab lists both; B copies the
// collection's link and a visitor (no account) opens it and plays a preview; A uploads again, and
// B's bell says "New from <A>" at once (the event stream) and Home → Following lists the new loop first.
import type { Browser, Page } from "@playwright/test";
import { type CurrentUser, expect, expectToast, freshEmail, recordToasts, test, waitForToastsToClose } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { unreadNotifications } from "../support/flows";
import { blockNonLocalRequests } from "../support/injected-wallet";
import type { StackInfo } from "../support/stack";
import { screenshot } from "../support/screenshots";
import { uniqueWord, uploadLoop } from "../support/upload";

/** A page in a browser context of its own (its own cookies), as a second person. */
async function newBrowserPage(browser: Browser, stack: StackInfo, permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.webUrl, viewport: { width: 1280, height: 800 } });
  if (permissions.length > 0) await context.grantPermissions(permissions, { origin: stack.webUrl });
  await blockNonLocalRequests(context, (url) => {
    throw new Error(`a page asked for an outside host: ${url}`);
  });
  await recordToasts(context);
  return context.newPage();
}

test.describe("likes, collections and follows", () => {
  test("a member likes loops, shares a public collection a visitor opens, follows a creator and hears of the next upload", async ({
    page,
    browser,
    stack,
  }) => {
    // A, the creator, in `page`: two loops to start with.
    const creator: CurrentUser = await signInOnPage(page, stack, freshEmail("ava"));
    const first = `${uniqueWord("Lumen")} Keys`;
    const second = `${uniqueWord("Ember")} Drums`;
    // B signs in (in a browser of their own) while A uploads.
    const member = await newBrowserPage(browser, stack, ["clipboard-read", "clipboard-write"]);
    await Promise.all([
      (async () => {
        await uploadLoop(page, { title: first, price: "FREE" });
        await uploadLoop(page, { title: second, price: "0.50" });
      })(),
      signInOnPage(member, stack, freshEmail("ben"), null),
    ]);

    // B opens A's profile (the artist's name on any card links there): both loops, A's counts.
    await member.goto(`/profile/${creator.id}`);
    await expect(member.getByRole("heading", { level: 1, name: creator.username! })).toBeVisible();

    // B likes both: each heart turns pressed and counts 1.
    for (const title of [first, second]) {
      const card = member.getByRole("article", { name: title });
      const like = card.getByRole("button", { name: /^Like, / });
      await expect(like).toHaveAttribute("aria-pressed", "false");
      await expect(card.getByTestId("like-count")).toHaveText(/^0/);
      const answer = member.waitForResponse((response) => response.url().endsWith("/like") && response.request().method() === "POST");
      await like.click();
      expect((await answer).status()).toBe(200);
      const unlike = card.getByRole("button", { name: /^Unlike, / });
      await expect(unlike).toHaveAttribute("aria-pressed", "true");
      await expect(card.getByTestId("like-count")).toHaveText(/^1/);
    }

    // A public collection, made from the first loop's card menu ("New collection…" adds the loop to it).
    const crate = `${uniqueWord("Crate")} Picks`;
    const card = member.getByRole("article", { name: first });
    await card.getByRole("button", { name: `Add ${first} to a collection` }).click();
    await member.getByRole("menuitem", { name: "New collection…" }).click();
    const dialog = member.getByRole("dialog", { name: "New collection" });
    await dialog.getByLabel("Name").fill(crate);
    await dialog.getByLabel("Description (optional)").fill("Keys worth keeping.");
    await dialog.getByRole("switch", { name: /Public/ }).check();
    await dialog.getByRole("button", { name: "Create collection" }).click();
    await expectToast(member, "Collection Created");
    await expect(dialog).toBeHidden();
    // The menu now ticks the new collection (its button may lie under the toast).
    await waitForToastsToClose(member);
    await card.getByRole("button", { name: `Add ${first} to a collection` }).click();
    const item = member.getByRole("menuitemcheckbox", { name: new RegExp(crate) });
    await expect(item).toHaveAttribute("aria-checked", "true");
    await screenshot(member, "issue-24-add-to-collection");
    await member.keyboard.press("Escape");
    await expect(item).toBeHidden();

    // B follows A on the same profile: 1 follower.
    await expect(member.getByTestId("follower-count")).toHaveText("0");
    await member.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(member.getByRole("button", { name: "Unfollow" })).toHaveAttribute("aria-pressed", "true");
    await expect(member.getByTestId("follower-count")).toHaveText("1");
    await screenshot(member, "issue-24-profile-follow");

    // "Most liked" sorts the home by likes: the page asks for sortBy=likes.
    await member.goto("/home");
    const sorted = member.waitForResponse((response) => response.url().includes("sortBy=likes") && response.ok());
    await member.getByRole("button", { name: "Most liked" }).click();
    await sorted;

    // The Liked tab on B's own profile lists both, the latest liked first.
    await member.goto("/profile");
    await member.getByRole("tab", { name: "Liked" }).click();
    const liked = member.getByRole("tabpanel", { name: "Liked" });
    await expect(liked.getByRole("article", { name: second })).toBeVisible();
    await expect(liked.getByRole("article", { name: first })).toBeVisible();
    await expect(liked.getByRole("article").first()).toHaveAccessibleName(second);
    await expect(liked.getByTestId("liked-count")).toHaveText("2 liked loops");
    await screenshot(member, "issue-24-liked-tab", { top: member.getByRole("tablist", { name: "Your loops and collections" }) });

    // The own profile's Collections tab links to it, public, with its one loop.
    await member.getByRole("tab", { name: "Collections" }).click();
    const tile = member.getByRole("list", { name: "Collections" }).getByRole("link", { name: new RegExp(crate) });
    await expect(tile).toContainText("Public");
    await expect(tile).toContainText("1 loop");
    await screenshot(member, "issue-24-profile-collections", { top: member.getByRole("tablist", { name: "Your loops and collections" }) });
    await tile.click();
    await expect(member.getByRole("heading", { level: 1, name: crate })).toBeVisible();
    await member.getByRole("button", { name: "Copy link" }).click();
    await expectToast(member, "Link Copied");
    const link = await member.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(new URL(new URL(member.url()).pathname, stack.webUrl).href);
    expect(new URL(link).pathname).toMatch(/^\/collections\/[0-9a-f-]{36}$/);

    // A visitor opens the link: the collection, its loop, and the preview plays.
    const visitor = await newBrowserPage(browser, stack);
    await visitor.goto(new URL(link).pathname);
    await expect(visitor.getByRole("heading", { level: 1, name: crate })).toBeVisible();
    await expect(visitor.getByTestId("collection-meta")).toContainText("1 loop");
    await expect(visitor.getByText("Keys worth keeping.")).toBeVisible();
    const shared = visitor.getByRole("article", { name: first });
    await expect(shared).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Edit" })).toHaveCount(0);
    const preview = visitor.waitForResponse((response) => response.url().includes("/preview") && response.ok());
    await shared.getByRole("button", { name: `Play preview of ${first}` }).click();
    await preview;
    await expect(shared.getByRole("button", { name: `Pause preview of ${first}` })).toBeVisible();
    await expect(shared.getByTestId("player-time")).not.toHaveText(/^0:00 \//);
    await screenshot(visitor, "issue-24-public-collection");
    await shared.getByRole("button", { name: `Pause preview of ${first}` }).click();
    await visitor.context().close();

    // B waits on Home's Following tab (empty: nothing new yet) with the bell in the top bar.
    await member.goto("/home/following");
    await expect(member.getByRole("tab", { name: "Following" })).toHaveAttribute("aria-selected", "true");
    const bell = member.getByRole("button", { name: /^Notifications\b/ });
    await expect(bell).toBeVisible();
    const unreadBefore = await unreadNotifications(member);

    // A uploads again: B's bell gets "New from A" through the event stream, no reload.
    const third = `${uniqueWord("Nova")} Bass`;
    await uploadLoop(page, { title: third, price: "FREE" });
    await expect(member.getByTestId("notification-badge")).toHaveText(String(unreadBefore + 1));
    await bell.click();
    const notice = member
      .getByRole("list", { name: "Notification list" })
      .getByRole("listitem")
      .filter({ hasText: `New from ${creator.username}` });
    await expect(notice).toContainText(`${creator.username} released "${third}".`);
    await screenshot(member, "issue-24-bell");

    // Its Listen opens the new loop's page (issue 36); Home → Following has it first.
    await notice.getByRole("button", { name: "Listen" }).click();
    await expect(member).toHaveURL(/\/loops\/[0-9a-f-]{36}$/);
    await expect(member.getByRole("heading", { level: 1, name: third })).toBeVisible();
    await member.goto("/home/following");
    const followingPanel = member.getByRole("tabpanel", { name: "Following" });
    await expect(followingPanel.getByRole("article").first()).toHaveAccessibleName(third);
    await expect(followingPanel.getByRole("article", { name: second })).toBeVisible();
    await screenshot(member, "issue-24-home-following", { top: member.getByRole("tablist", { name: "Home" }) });
    await member.context().close();
  });
});
