// What the pages said went wrong: every uncaught error (the error boundary's cause when the app
// shows "Something went wrong") and every console error of a context's pages, in order. A test that
// fails gets them as an attachment and in its output, so a failure that happened once can be read
// (E2E_PAGE_ERRORS=1: every test that saw any).
import type { BrowserContext, TestInfo } from "@playwright/test";

export function recordPageErrors(context: BrowserContext) {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  context.on("weberror", (error) => {
    const cause = error.error();
    lines.push(`${at()} page error: ${cause.stack ?? cause.message} (${error.page()?.url() ?? "no page"})`);
  });
  context.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      lines.push(
        `${at()} console ${message.type()}: ${message.text()} (${message.location().url}) on ${message.page()?.url() ?? "no page"}`,
      );
  });
  return {
    lines,
    async attachOnFailure(testInfo: TestInfo): Promise<void> {
      const failed = testInfo.status !== testInfo.expectedStatus;
      if (lines.length === 0 || !(failed || process.env.E2E_PAGE_ERRORS)) return;
      const text = lines.join("\n");
      console.log(`[e2e] ${testInfo.title}: the pages' errors and console errors\n${text}`);
      await testInfo.attach("page-errors.txt", { body: text, contentType: "text/plain" });
    },
  };
}
