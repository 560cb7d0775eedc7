/** GET /api/search: users and loops matching a text, forgiving of typos and prefixes. */
import { z } from "zod";

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
/**
 * Totals are exact up to this many matches; above it a total may be a lower bound ("1,000+"), said
 * by `totalUsersCapped` / `totalLoopsCapped`, so that a broad word does not count thousands of rows.
 */
export const SEARCH_TOTAL_CAP = 1000;

export const SEARCH_MESSAGES = {
  tooShort: "Type at least 3 characters to search",
  tooLong: "Invalid q: at most 100 characters.",
  limit: `Invalid limit: use a whole number from 1 to ${SEARCH_MAX_LIMIT}.`,
  offset: "Invalid offset: use a whole number from 0 to 10000.",
} as const;

const whole = (message: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return fallback;
      if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    });

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort).max(100, SEARCH_MESSAGES.tooLong))
    .describe("At least 3 characters; matches prefixes and tolerates typos"),
  limit: whole(SEARCH_MESSAGES.limit, 1, SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT).describe(
    `Per list (users, loops): default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}`,
  ),
  offset: whole(SEARCH_MESSAGES.offset, 0, 10_000, 0).describe("Default 0"),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  walletAddress: z.string().nullable().describe("EIP-55 checksummed; null without a linked wallet"),
  level: z.number().int().min(1),
  experience: z.number().int().nonnegative(),
});
export type SearchUser = z.infer<typeof searchUserSchema>;

export const searchLoopSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  genre: z.object({ id: z.number().int(), name: z.string() }),
  bpm: z.number().int().nullable().describe("The creator's BPM, else the detected one"),
  price: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .describe("US dollars, exactly 2 decimals"),
  isFree: z.boolean(),
  user: z.object({ id: z.uuid(), username: z.string() }),
});
export type SearchLoop = z.infer<typeof searchLoopSchema>;

export const searchResponseSchema = z.object({
  users: z.array(searchUserSchema).describe("Best match first; banned users are left out"),
  loops: z.array(searchLoopSchema).describe("Ready, public loops of users who are not banned; best match first"),
  totalUsers: z.number().int().nonnegative(),
  totalLoops: z.number().int().nonnegative(),
  totalUsersCapped: z
    .literal(true)
    .optional()
    .describe(`Present when totalUsers is a lower bound: more users match (broad words, above ${SEARCH_TOTAL_CAP})`),
  totalLoopsCapped: z
    .literal(true)
    .optional()
    .describe(`Present when totalLoops is a lower bound: more loops match (broad words, above ${SEARCH_TOTAL_CAP})`),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
