/**
 * Every error answer of the API is `{ message, code, fields? }` (docs/conventions.md#errors): `code`
 * is a stable machine name from this one list, with its HTTP status and the message it carries
 * unless a more precise one is given. Programs (the web app, scripts, other clients) decide by
 * `code`, never by the message text, which is for people and may be reworded. Zod-free: the web's
 * first page reads it.
 */
import { BANNED_MESSAGE_START } from "./bans";
import { PROFILE_MESSAGES } from "./profile-messages";

export const ERROR_CODES = {
  /** A refused input that no more precise code names. */
  BAD_REQUEST: { status: 400, message: "Bad request" },
  /** A body, query or parameter that fails its shared schema: `fields` names each failing path. */
  VALIDATION_FAILED: { status: 400, message: "Invalid request" },
  MALFORMED_JSON: { status: 400, message: "Malformed JSON in request body" },
  /** No session, or an expired one. */
  UNAUTHORIZED: { status: 401, message: "Unauthorized" },
  PAYMENT_REQUIRED: { status: 402, message: "Payment required" },
  FORBIDDEN: { status: 403, message: "Forbidden" },
  /** The signed-in account is banned: the app reloads the user to show it. */
  ACCOUNT_BANNED: { status: 403, message: BANNED_MESSAGE_START },
  NOT_FOUND: { status: 404, message: "Not found" },
  /** No route for the method and path under /api. */
  ROUTE_NOT_FOUND: { status: 404, message: "Not found" },
  CONFLICT: { status: 409, message: "Conflict" },
  /** Another member has the username: `fields.username` says so. */
  USERNAME_TAKEN: { status: 409, message: PROFILE_MESSAGES.usernameTaken },
  GONE: { status: 410, message: "Gone" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  UNPROCESSABLE: { status: 422, message: "Unprocessable request" },
  RATE_LIMITED: { status: 429, message: "Too many requests, please try again later." },
  INTERNAL: { status: 500, message: "Internal server error" },
  UPSTREAM_FAILED: { status: 502, message: "An upstream service failed, please try again later." },
  UNAVAILABLE: { status: 503, message: "Service unavailable, please try again later." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every error answer. */
export interface ErrorAnswer {
  message: string;
  code: ErrorCode;
  /** For VALIDATION_FAILED: each failing field's path (`"items.0.price"`) and its message. */
  fields?: Record<string, string>;
}

/** The generic code of a status, for a refusal that names none more precise. */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 402:
      return "PAYMENT_REQUIRED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 410:
      return "GONE";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 422:
      return "UNPROCESSABLE";
    case 429:
      return "RATE_LIMITED";
    case 502:
      return "UPSTREAM_FAILED";
    case 503:
      return "UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
  }
}

/** Whether `value` is one of the codes (an answer from another version of the API may carry an unknown one). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
