import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/schemas/downloads";
import { centsToPrice, type CreatorLoop, type PublicLoop } from "@loop/rules/schemas/loops";
import { averageRating } from "@loop/rules/schemas/ratings";
import type { Genre, Loop, User } from "../../generated/prisma/client";

export type LoopWithGenre = Loop & { genre: Genre };

/**
 * The formats owned, once each and in DELIVERY_FORMATS order (mp3 first): the page lists and offers
 * them in that order, and equal ownership gives equal JSON whichever way it was read.
 */
function ownedFormats(formats: readonly DeliveryFormat[]): DeliveryFormat[] {
  return DELIVERY_FORMATS.filter((format) => formats.includes(format));
}

/** Fields every view of a loop shares, whoever looks at it. */
function commonLoopFields(loop: LoopWithGenre) {
  return {
    id: loop.id,
    title: loop.title,
    description: loop.description,
    price: centsToPrice(loop.priceCents),
    isFree: loop.isFree,
    duration: loop.durationMs === null ? null : loop.durationMs / 1000,
    genreId: loop.genreId,
    genre: { id: loop.genre.id, name: loop.genre.name },
    tags: loop.tags,
    contentType: loop.contentType,
    artistName: loop.artistName,
    albumName: loop.albumName,
    releaseDate: loop.releaseDate ? loop.releaseDate.toISOString().slice(0, 10) : null,
    lyrics: loop.lyrics,
    isPublic: loop.isPublic,
    status: loop.status,
    downloadCount: loop.downloadCount,
    createdAt: loop.createdAt.toISOString(),
  };
}

export function creatorLoopView(loop: LoopWithGenre): CreatorLoop {
  return {
    ...commonLoopFields(loop),
    bpm: loop.bpm,
    detectedBpm: loop.detectedBpm,
    key: loop.key,
    detectedKey: loop.detectedKey,
    failureReason: loop.failureReason,
    hiddenReason: loop.status === "hidden" ? loop.hiddenReason : null,
    artefacts: { preview: !!loop.previewKey, mp3: !!loop.mp3Key, wav: !!loop.wavKey, peaks: !!loop.peaksKey },
    updatedAt: loop.updatedAt.toISOString(),
  };
}

export type LoopWithGenreAndUser = LoopWithGenre & { user: Pick<User, "id" | "username" | "firstName" | "email"> };

export const publicLoopInclude = {
  genre: true,
  user: { select: { id: true, username: true, firstName: true, email: true } },
} as const;

/** No user has this id: relations filtered on it load nothing (the signed-out viewer). */
const NOBODY = "00000000-0000-0000-0000-000000000000";

/**
 * publicLoopInclude plus what only the viewer sees: their rating and the formats they bought.
 * Both are unique-index lookups (one query each for a whole page). A refunded purchase owns
 * nothing (downloads and a second purchase go by the same rule), so it is left out.
 */
export function viewerLoopInclude(viewerId: string | null) {
  const id = viewerId ?? NOBODY;
  return {
    ...publicLoopInclude,
    ratings: { where: { userId: id }, select: { rating: true } },
    purchases: { where: { buyerId: id, refundedAt: null }, select: { format: true } },
    downloads: { where: { userId: id }, select: { format: true } },
  } as const;
}

/** The viewer's own rating and purchases, when loaded with viewerLoopInclude. */
export type ViewerRelations = { ratings?: { rating: number }[]; purchases?: { format: DeliveryFormat }[]; downloads?: { format: string }[] };

/**
 * A loop as the catalog shows it; `viewerId` sees their own e-mail, nobody else's. `myRating`,
 * `isPurchased` and `purchasedFormats` come from viewerLoopInclude (null/false/none when loaded without it).
 */
export function publicLoopView(loop: LoopWithGenreAndUser & ViewerRelations, viewerId: string | null): PublicLoop {
  const purchasedFormats = viewerId !== null ? ownedFormats(loop.purchases?.map((purchase) => purchase.format) ?? []) : [];
  return {
    ...commonLoopFields(loop),
    isPurchased: purchasedFormats.length > 0,
    purchasedFormats,
    bpm: loop.bpm ?? loop.detectedBpm,
    key: loop.key ?? loop.detectedKey,
    audioFileUrl: loop.previewKey ? `/api/loops/${loop.id}/preview` : null,
    peaksUrl: loop.peaksKey ? `/api/loops/${loop.id}/peaks` : null,
    averageRating: averageRating(loop.ratingSum, loop.ratingCount),
    totalRatings: loop.ratingCount,
    myRating: viewerId !== null ? (loop.ratings?.[0]?.rating ?? null) : null,
    canRate: viewerId !== null && viewerId !== loop.userId && (purchasedFormats.length > 0 || (loop.downloads?.length ?? 0) > 0),
    user: {
      id: loop.user.id,
      username: loop.user.username,
      firstName: loop.user.firstName,
      email: viewerId !== null && viewerId === loop.user.id ? loop.user.email : null,
    },
  };
}

/** A loop of the catalog's page query (catalog.service.ts listLoops, decoded from JSON): a listed loop with its genre and creator. */
export interface CatalogLoopRow {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  is_free: boolean;
  duration_ms: number | null;
  genre_id: number;
  genre_name: string;
  tags: string;
  content_type: PublicLoop["contentType"];
  artist_name: string | null;
  album_name: string | null;
  /** `YYYY-MM-DD` (selected as text). */
  release_date: string | null;
  lyrics: string | null;
  is_public: boolean;
  status: PublicLoop["status"];
  download_count: number;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  created_at: string;
  bpm: number | null;
  key: string | null;
  has_preview: boolean;
  has_peaks: boolean;
  rating_sum: number;
  rating_count: number;
  user_id: string;
  username: string;
  first_name: string | null;
}

/**
 * The same PublicLoop as publicLoopView, as any viewer sees it before their own fields are laid
 * over it (withViewerFields): not purchased, not rated, no e-mail.
 */
export function anonymousLoopFromRow(row: CatalogLoopRow): PublicLoop {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: centsToPrice(row.price_cents),
    isFree: row.is_free,
    duration: row.duration_ms === null ? null : row.duration_ms / 1000,
    genreId: row.genre_id,
    genre: { id: row.genre_id, name: row.genre_name },
    tags: row.tags,
    contentType: row.content_type,
    artistName: row.artist_name,
    albumName: row.album_name,
    releaseDate: row.release_date,
    lyrics: row.lyrics,
    isPublic: row.is_public,
    status: row.status,
    downloadCount: row.download_count,
    createdAt: row.created_at,
    isPurchased: false,
    purchasedFormats: [],
    bpm: row.bpm,
    key: row.key,
    audioFileUrl: row.has_preview ? `/api/loops/${row.id}/preview` : null,
    peaksUrl: row.has_peaks ? `/api/loops/${row.id}/peaks` : null,
    averageRating: averageRating(row.rating_sum, row.rating_count),
    totalRatings: row.rating_count,
    myRating: null,
    canRate: false,
    user: { id: row.user_id, username: row.username, firstName: row.first_name, email: null },
  };
}

/** What only the signed-in viewer sees of a loop. */
export interface ViewerFields {
  /** Bought and not refunded; bought at all is `purchasedFormats.length > 0`. */
  purchasedFormats: DeliveryFormat[];
  myRating: number | null;
  /** The viewer fetched a download of it (ratings are for buyers and downloaders). */
  hasDownloaded: boolean;
}

/**
 * A copy of an anonymous PublicLoop (which may be shared through the catalog cache: never mutated)
 * with the viewer's own fields: purchase, rating, and their e-mail on their own loops.
 */
export function withViewerFields(loop: PublicLoop, viewerId: string, fields: ViewerFields | undefined, viewerEmail: string | null): PublicLoop {
  const own = loop.user.id === viewerId;
  const purchasedFormats = ownedFormats(fields?.purchasedFormats ?? []);
  return {
    ...loop,
    isPurchased: purchasedFormats.length > 0,
    purchasedFormats,
    myRating: fields?.myRating ?? null,
    canRate: !own && (purchasedFormats.length > 0 || (fields?.hasDownloaded ?? false)),
    user: own ? { ...loop.user, email: viewerEmail } : loop.user,
  };
}
