// GET /api/users?query= (issue 37): the Send dialog's typeahead. A username's start (case
// insensitive, through the expression index "users_username_lower_prefix_idx") or a whole account
// id; banned members are left out, the caller too (nobody sends LOOP to themselves).
import { USER_LOOKUP_LIMIT, type UserLookupQuery, type UserLookupResponse } from "@loop/rules/schemas/users";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";

/** `text` for LIKE, its own wildcards taken literally. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function lookupUsers(prisma: PrismaClient, callerId: string, { query }: UserLookupQuery): Promise<UserLookupResponse> {
  const rows = await prisma.$queryRaw<
    { id: string; username: string; first_name: string | null; last_name: string | null; profile_image_url: string | null }[]
  >`
    SELECT u."id"::text AS id, u."username", u."first_name", u."last_name", u."profile_image_url"
    FROM "app"."users" u
    WHERE NOT u."is_banned" AND u."id" <> ${callerId}::uuid
      AND (lower(u."username") LIKE ${likePrefix(query)} ${UUID.test(query) ? Prisma.sql`OR u."id" = ${query}::uuid` : Prisma.empty})
    ORDER BY lower(u."username") = ${query.toLowerCase()} DESC, lower(u."username"), u."id"
    LIMIT ${USER_LOOKUP_LIMIT}`;
  return {
    users: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: [row.first_name, row.last_name].filter(Boolean).join(" ") || null,
      profileImageUrl: row.profile_image_url,
    })),
  };
}
