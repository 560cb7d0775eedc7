/**
 * POST /api/client-errors (issue 36, "Nothing goes blank"): the web app reports a page that failed to
 * render, for the API's log. Short on purpose: a message, the stack as the browser gave it, the page.
 */
import { z } from "zod";
import { requiredText } from "./fields";

/** The largest body accepted (bytes): a longer stack is cut by the page before it is sent. */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
export const CLIENT_ERROR_MAX_MESSAGE = 1_000;
export const CLIENT_ERROR_MAX_STACK = 8_000;
export const CLIENT_ERROR_MAX_URL = 2_000;

export const CLIENT_ERROR_MESSAGES = {
  message: `Invalid Report: message is required, at most ${CLIENT_ERROR_MAX_MESSAGE} characters.`,
  stack: `Invalid Report: stack is at most ${CLIENT_ERROR_MAX_STACK} characters.`,
  url: `Invalid Report: url is required, at most ${CLIENT_ERROR_MAX_URL} characters.`,
} as const;

export const clientErrorSchema = z.object({
  message: requiredText(CLIENT_ERROR_MAX_MESSAGE, CLIENT_ERROR_MESSAGES.message).describe("The error's message"),
  stack: z
    .string({ error: CLIENT_ERROR_MESSAGES.stack })
    .max(CLIENT_ERROR_MAX_STACK, CLIENT_ERROR_MESSAGES.stack)
    .optional()
    .describe("The stack (and React's component stack), as the browser gave it"),
  url: requiredText(CLIENT_ERROR_MAX_URL, CLIENT_ERROR_MESSAGES.url).describe("The page's address"),
});
export type ClientErrorReport = z.infer<typeof clientErrorSchema>;
