/**
 * GET /api/users?query= (issue 37): find a member to send LOOP to by username (a prefix, case
 * insensitive) or by account id, with what the Send dialog shows before the sender confirms.
 */
import { z } from "zod";
import { requiredText } from "./fields";

export const USER_LOOKUP_LIMIT = 8;

export const USER_LOOKUP_MESSAGES = {
  query: "Invalid query: type 1 to 50 characters of a username, or an account id.",
} as const;

export const userLookupQuerySchema = z.object({
  query: requiredText(50, USER_LOOKUP_MESSAGES.query).describe("The start of a username (case insensitive), or a whole account id"),
});
export type UserLookupQuery = z.output<typeof userLookupQuerySchema>;

export const userLookupEntrySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string().nullable().describe("First and last name, when given"),
  profileImageUrl: z.string().nullable(),
});
export type UserLookupEntry = z.infer<typeof userLookupEntrySchema>;

export const userLookupResponseSchema = z.object({
  users: z
    .array(userLookupEntrySchema)
    .max(USER_LOOKUP_LIMIT)
    .describe("An exact username first, then by username; banned members left out"),
});
export type UserLookupResponse = z.infer<typeof userLookupResponseSchema>;
