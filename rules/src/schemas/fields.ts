/** Request fields several schemas take, each with one message for every way it can be wrong. */
import { z } from "zod";

/** A JSON whole number from `min` to `max`; anything else (text, a fraction, out of range) is `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Text that must be given: trimmed, 1 to `max` characters; absent or blank is `required`, longer is `tooLong`. */
export const requiredText = (max: number, required: string, tooLong = required) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Optional text, trimmed, at most `max` characters (else `tooLong`); absent, null or blank is null. */
export const nullableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((text) => (text ? text : null));

/** Comma-separated tags as stored: each trimmed, the empty ones dropped. */
export const normalizeTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(",");

/** ?limit= (1 to `maxLimit`, `defaultLimit` when absent) and ?offset= (from 0) of a paged admin list. */
export const pageQuery = (maxLimit: number, defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A query's whole number from `min` to `max`, `fallback` when absent; anything else (text, a fraction, out of range) is `message`. */
const wholeQueryNumber = (min: number, max: number, fallback: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);

/** ?limit= (1 to `maxLimit`, `defaultLimit` when absent) and ?offset= (0 to `maxOffset`) of a member's paged list, each with its message. */
export const checkedPageQuery = (maxLimit: number, defaultLimit: number, maxOffset: number) => ({
  limit: wholeQueryNumber(1, maxLimit, defaultLimit, `Invalid limit: use a whole number from 1 to ${maxLimit}.`),
  offset: wholeQueryNumber(0, maxOffset, 0, "Invalid offset: use a whole number from 0."),
});

/** One of `values`, `fallback` when absent; anything else is `message`. */
export const enumWithDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) =>
  z
    .enum(values, { error: message })
    .optional()
    .transform((value): T[number] => value ?? fallback);

/**
 * ?limit= and ?after= of a cursor-paged list: a whole number from 1 to `maxLimit` (`defaultLimit` when absent or
 * blank), and the `nextCursor` of the previous page (1 to `maxCursor` base64url characters); each wrong one is its message.
 */
export const cursorPageQuery = (page: {
  defaultLimit: number;
  maxLimit: number;
  maxCursor: number;
  messages: { limit: string; after: string };
  /** What the cursor must have been made with, e.g. "same filters". */
  same: string;
}) => ({
  limit: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return page.defaultLimit;
      const value = Number(text);
      if (!/^\d+$/.test(text.trim()) || value < 1 || value > page.maxLimit) {
        ctx.addIssue({ code: "custom", message: page.messages.limit });
        return z.NEVER;
      }
      return value;
    })
    .describe(`Default ${page.defaultLimit}, at most ${page.maxLimit}`),
  after: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{1,${page.maxCursor}}$`), page.messages.after)
    .optional()
    .describe(`The \`nextCursor\` of the previous page (${page.same})`),
});

/** A reason as sent: null or absent is "", text is trimmed. */
export const reasonText = z
  .string()
  .nullish()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/** The issue of a reason that a switch turned on needs (a ban, hiding a loop): it must be given, and at most `max` characters. */
export function checkRequiredReason(
  reason: string,
  ctx: z.RefinementCtx,
  rule: { path: string; max: number; required: string; tooLong: string },
): void {
  if (reason === "") ctx.addIssue({ code: "custom", message: rule.required, path: [rule.path] });
  else if (reason.length > rule.max) ctx.addIssue({ code: "custom", message: rule.tooLong, path: [rule.path] });
}
