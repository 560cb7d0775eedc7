/** Profiles: the own profile (GET/PUT /api/profile) and a user's public profile. */
import { z } from "zod";
import { currentUserSchema } from "./api-responses";
import { followCountsSchema } from "./follows";
import { publicLoopSchema } from "./loops";

import { MAX_BIO, PROFILE_MESSAGES, USERNAME } from "../profile-messages";

// Zod-free, in ../profile-messages (a public profile shows them and loads no schema); named here too.
export { MAX_BIO, PROFILE_MESSAGES, USERNAME };

/** PUT /api/profile. Usernames are stored in lower case; an empty bio or image URL clears it. */
export const updateProfileSchema = z.object({
  username: z
    .string({ error: PROFILE_MESSAGES.usernameRequired })
    .trim()
    .toLowerCase()
    .min(1, PROFILE_MESSAGES.usernameRequired)
    .regex(USERNAME, PROFILE_MESSAGES.username),
  bio: z
    .string({ error: PROFILE_MESSAGES.bio })
    .max(MAX_BIO, PROFILE_MESSAGES.bio)
    .nullish()
    .transform((text) => (text?.trim() ? text.trim() : null)),
  profileImageUrl: z
    .string({ error: PROFILE_MESSAGES.profileImageUrl })
    .trim()
    .max(2048, PROFILE_MESSAGES.profileImageUrl)
    .refine((text) => text === "" || isHttpUrl(text), PROFILE_MESSAGES.profileImageUrl)
    .nullish()
    .transform((text) => text || null),
});

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export type UpdateProfile = z.output<typeof updateProfileSchema>;

const money = z.string().regex(/^\d+\.\d{8}$/);

/** The signed-in user's own profile: the current user plus their totals (LOOP, 8 decimals). */
export const ownProfileSchema = currentUserSchema.extend({
  totalEarned: money.describe("LOOP earned from sales (0 until the ledger exists)"),
  totalSpent: money.describe("LOOP spent on purchases (0 until the ledger exists)"),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  level: z.number().int().min(1),
  experience: z.number().int().nonnegative(),
  levelTitle: z.string(),
});

export const publicProfileSchema = z.object({
  user: publicUserSchema,
  loops: z.array(publicLoopSchema).describe("Newest first, at most 100: public ready loops, or all of the caller's own"),
  totalLoops: z.number().int().nonnegative(),
  isOwnProfile: z.boolean(),
  ...followCountsSchema.shape,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
