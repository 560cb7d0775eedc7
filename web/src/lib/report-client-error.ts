/**
 * POST /api/client-errors: a page that failed to render is reported to the API's log (issue 36).
 * Loaded only when an error happens (the error boundary imports it), so the schema's module stays
 * out of the first page's JavaScript. A report that cannot be sent is dropped.
 */
import {
  CLIENT_ERROR_MAX_MESSAGE,
  CLIENT_ERROR_MAX_STACK,
  CLIENT_ERROR_MAX_URL,
  type ClientErrorReport,
} from "@loop/rules/schemas/client-errors";
import { apiRequest } from "./api-client";

export async function reportClientError(error: unknown, componentStack?: string | null): Promise<void> {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).trim() || "Unknown error";
  const stack = [error instanceof Error ? error.stack : undefined, componentStack ? `Components:${componentStack}` : undefined]
    .filter(Boolean)
    .join("\n");
  const report: ClientErrorReport = {
    message: message.slice(0, CLIENT_ERROR_MAX_MESSAGE),
    ...(stack ? { stack: stack.slice(0, CLIENT_ERROR_MAX_STACK) } : {}),
    url: window.location.href.slice(0, CLIENT_ERROR_MAX_URL),
  };
  await apiRequest("POST", "/api/client-errors", report).catch(() => undefined);
}
