// What a shareable page's head is made of: one statement per page type, by primary key, run as a
// named prepared statement (db/hot-query.ts): a loop's page is asked for by every crawler a shared
// link reaches, and its HTML must answer fast (issue 36: p95 <= 30 ms with 100,000 loops, uncached).
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";

/** The row the named statement `text` finds for the page's `id` (its $1), as `view` gives it; null for a malformed or unknown id. */
async function pageRow<Row, Data>(
  prisma: PrismaClient,
  name: string,
  id: string,
  text: string,
  view: (row: Row) => Data,
): Promise<Data | null> {
  if (!UUID.test(id)) return null;
  const [row] = await hotQuery<Row>(prisma, name, text, [id]);
  return row ? view(row) : null;
}

/** A loop's page: its card (GET /api/loops/:id's answer for a signed-out visitor) and whether anyone may see it. */
export interface LoopPageData {
  /** The row's card_json as stored: the loop as a signed-out visitor gets it (catalog-query.ts). */
  cardJson: string;
  card: PublicLoop;
  status: string;
  isPublic: boolean;
  /** Reachable by its link, listed nowhere (issue 37). */
  unlisted: boolean;
  updatedAt: Date;
}

/**
 * The loop, whatever its state (the caller decides what a visitor may see). card_json is the row's
 * public object kept by the trigger "loops_zz_card_json" (migration 20261126210000_loop_card_json),
 * the same fields as publicLoopView for a signed-out viewer: the page embeds it as the loop's data.
 */
export function loopPageData(prisma: PrismaClient, id: string): Promise<LoopPageData | null> {
  return pageRow(
    prisma,
    "page_meta_loop",
    id,
    `SELECT l."card_json", l."status"::text AS status, l."is_public", l."unlisted", l."updated_at"
     FROM "app"."loops" l WHERE l."id" = $1::uuid`,
    (row: { card_json: string; status: string; is_public: boolean; unlisted: boolean; updated_at: Date }): LoopPageData => ({
      cardJson: row.card_json,
      card: JSON.parse(row.card_json) as PublicLoop,
      status: row.status,
      isPublic: row.is_public,
      unlisted: row.unlisted,
      updatedAt: new Date(row.updated_at),
    }),
  );
}

export interface ProfilePageData {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  level: number;
  experience: number;
  /** Ready, public loops (the partial index "loops_listed_user_recent_idx"). */
  loopCount: number;
}

/** A member's public profile (GET /api/users/:userId/profile answers for any member). */
export function profilePageData(prisma: PrismaClient, id: string): Promise<ProfilePageData | null> {
  return pageRow(
    prisma,
    "page_meta_profile",
    id,
    `SELECT u."id"::text AS id, u."username", u."first_name", u."last_name", u."bio", u."profile_image_url", u."level", u."experience",
            (SELECT count(*)::int FROM "app"."loops" l WHERE l."user_id" = u."id" AND l."status" = 'ready' AND l."is_public") AS loop_count
     FROM "app"."users" u WHERE u."id" = $1::uuid`,
    (row: {
      id: string;
      username: string;
      first_name: string | null;
      last_name: string | null;
      bio: string | null;
      profile_image_url: string | null;
      level: number;
      experience: number;
      loop_count: number;
    }): ProfilePageData => ({
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      bio: row.bio,
      profileImageUrl: row.profile_image_url,
      level: row.level,
      experience: row.experience,
      loopCount: row.loop_count,
    }),
  );
}

export interface CollectionPageData {
  id: string;
  name: string;
  description: string;
  loopCount: number;
  updatedAt: Date;
  owner: { id: string; username: string };
}

/** A public collection; a private or unknown one is null (its existence is not told). */
export function collectionPageData(prisma: PrismaClient, id: string): Promise<CollectionPageData | null> {
  return pageRow(
    prisma,
    "page_meta_collection",
    id,
    `SELECT c."id"::text AS id, c."name", c."description", c."loop_count", c."updated_at", u."id"::text AS owner_id, u."username"
     FROM "app"."collections" c JOIN "app"."users" u ON u."id" = c."user_id"
     WHERE c."id" = $1::uuid AND c."is_public"`,
    (row: {
      id: string;
      name: string;
      description: string;
      loop_count: number;
      updated_at: Date;
      owner_id: string;
      username: string;
    }): CollectionPageData => ({
      id: row.id,
      name: row.name,
      description: row.description,
      loopCount: row.loop_count,
      updatedAt: new Date(row.updated_at),
      owner: { id: row.owner_id, username: row.username },
    }),
  );
}

export interface LicencePageData {
  id: string;
  loopId: string;
  loopTitle: string;
  creatorUsername: string;
  format: string;
  issuedAt: Date;
  /** The purchase was refunded or reversed: the licence is revoked from then. */
  revokedAt: Date | null;
}

/** A licence (public: anyone verifies one), with its creator's username as it is now (licences.service.ts). */
export function licencePageData(prisma: PrismaClient, id: string): Promise<LicencePageData | null> {
  return pageRow(
    prisma,
    "page_meta_licence",
    id,
    `SELECT li."id"::text AS id, COALESCE(p."loop_id", li."download_loop_id")::text AS loop_id, li."loop_title",
            COALESCE(u."username", li."creator_username") AS creator_username, li."format"::text AS format, li."issued_at",
            p."refunded_at"
     FROM "app"."licences" li
     LEFT JOIN "app"."purchases" p ON p."id" = li."purchase_id"
     LEFT JOIN "app"."users" u ON u."id" = li."creator_id"
     WHERE li."id" = $1::uuid`,
    (row: {
      id: string;
      loop_id: string;
      loop_title: string;
      creator_username: string;
      format: string;
      issued_at: Date;
      refunded_at: Date | null;
    }): LicencePageData => ({
      id: row.id,
      loopId: row.loop_id,
      loopTitle: row.loop_title,
      creatorUsername: row.creator_username,
      format: row.format,
      issuedAt: new Date(row.issued_at),
      revokedAt: row.refunded_at === null ? null : new Date(row.refunded_at),
    }),
  );
}

/** What a loop's preview image needs: whether anyone may see the loop, its waveform's file, its last change. */
export interface LoopImageData {
  reachable: boolean;
  peaksKey: string | null;
  updatedAt: Date;
}

export function loopImageData(prisma: PrismaClient, id: string): Promise<LoopImageData | null> {
  return pageRow(
    prisma,
    "page_meta_loop_image",
    id,
    `SELECT (l."status" = 'ready' AND (l."is_public" OR l."unlisted")) AS reachable, l."peaks_key", l."updated_at" FROM "app"."loops" l WHERE l."id" = $1::uuid`,
    (row: { reachable: boolean; peaks_key: string | null; updated_at: Date }): LoopImageData => ({
      reachable: row.reachable,
      peaksKey: row.peaks_key,
      updatedAt: new Date(row.updated_at),
    }),
  );
}
