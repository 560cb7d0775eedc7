// The two sides the sale tests start with (purchase, card-purchase and offers specs): a new creator
// who lists a loop, and a new member in a browser of their own.
import type { Browser, Page } from "@playwright/test";
import { expect, freshEmail } from "./fixtures";
import { signInOnPage } from "./api-sign-in";
import { blockNonLocalRequests } from "./injected-wallet";
import { recordToasts } from "./toasts";
import type { StackInfo } from "./stack";
import { uniqueWord, uploadLoop } from "./upload";

/**
 * A new creator signed in on `page` by e-mail (`emailLabel`) who lists a Funk loop titled
 * `<unique word from titleWord> <title>` at `price` (USD). `slug`: the file name its downloads get
 * (without extension); `word`: the unique word, for more loops of the same creator.
 */
export async function listAsNewCreator(
  page: Page,
  stack: StackInfo,
  { emailLabel, titleWord, title, price }: { emailLabel: string; titleWord: string; title: string; price: string },
) {
  const email = freshEmail(emailLabel);
  const user = await signInOnPage(page, stack, email);
  const word = uniqueWord(titleWord);
  const listed = `${word} ${title}`;
  await uploadLoop(page, { title: listed, price, genre: "Funk" });
  return { email, user, word, title: listed, slug: listed.toLowerCase().replaceAll(" ", "-") };
}

/**
 * A member signed in by e-mail as `email` in a browser context of their own, where every request to
 * a host outside this machine is blocked. `close()` closes that browser and checks the app called none.
 */
export async function signInInOwnBrowser(browser: Browser, stack: StackInfo, email: string) {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const blocked: string[] = [];
  await blockNonLocalRequests(context, (url) => blocked.push(url));
  await recordToasts(context);
  const page = await context.newPage();
  await signInOnPage(page, stack, email);
  return {
    page,
    async close() {
      await context.close();
      expect(blocked, "the app must not call hosts outside this machine").toEqual([]);
    },
  };
}
