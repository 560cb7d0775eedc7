// How long a browser test waits for what the stack does in its own time: an upload processed, a
// transaction mined and indexed, a settlement recorded, a mail delivered (issue 34). A deadline
// says when the event is missing, not how fast it should be: ten times what it takes on a loaded
// 2-core machine (`pnpm test:slow`). What the page shows on its own waits for Playwright's
// `expect.timeout` (e2e/playwright.config.ts); how fast anything is belongs to `pnpm bench`.
export const EVENT_DEADLINE_MS = 120_000;
