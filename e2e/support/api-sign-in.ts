// Signing a member in through the API, as the confirm page does with the mailed link's token (the
// sign-in pages have their own tests, email-sign-in.spec.ts): for every party a test needs signed in.
import type { APIRequestContext, Page } from "@playwright/test";
import { type CurrentUser, expect } from "./fixtures";
import { expectSignedInHome } from "./flows";
import { mailIds, signInLink, waitForMail } from "./maildev";
import { withMailboxLock } from "./mailbox-lock";
import type { StackInfo } from "./stack";

/** POST with the session of `request` (and the Origin the API checks): the answer's JSON, its status checked. */
export async function postJson<T>(request: APIRequestContext, stack: StackInfo, url: string, data: unknown, status: number): Promise<T> {
  const response = await request.post(url, { data, headers: { Origin: stack.webUrl } });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** Signs `email` in: the session cookie lands in `request`'s cookies. */
export async function signInByApi(request: APIRequestContext, stack: StackInfo, email: string): Promise<CurrentUser> {
  return withMailboxLock(email, async () => {
    const before = await mailIds(stack.mailUrl, email);
    await postJson(request, stack, "/api/auth/email", { email }, 200);
    const token = signInLink(await waitForMail(stack.mailUrl, email, { except: before })).searchParams.get("token");
    return postJson<CurrentUser>(request, stack, "/api/auth/email/verify", { token }, 200);
  });
}

/**
 * Signs `email` in within `page`'s browser context (the context's cookies) through the API, as the
 * confirm page does, then opens `open` there: "/" by default, the member's home as after a sign-in
 * (checked: the welcome, or the dashboard for an admin); null opens nothing, for a party the test
 * acts for through `page.request` or that opens its own first page. The sign-in pages themselves
 * are tested in email-sign-in.spec.ts: going through them for every party cost each browser test
 * three page loads (the login page, the confirm page, the home) of 2-6 s of CPU in all.
 */
export async function signInOnPage(page: Page, stack: StackInfo, email: string, open: string | null = "/"): Promise<CurrentUser> {
  const user = await signInByApi(page.request, stack, email);
  if (open !== null) {
    await page.goto(open);
    if (open === "/") await expectSignedInHome(page);
  }
  return user;
}
