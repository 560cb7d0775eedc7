import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/schemas/downloads";
import { centsToPrice, type CreatorLoop, type PublicLoop } from "@loop/rules/schemas/loops";
import { averageRating } from "@loop/rules/schemas/ratings";
import type { Genre, Loop, User } from "../../generated/prisma/client";
import { visibilityOf } from "./loop-access";

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
    visibility: visibilityOf(loop),
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
    likes: { where: { userId: id }, select: { userId: true } },
  } as const;
}

/** The viewer's own rating and purchases, when loaded with viewerLoopInclude. */
export type ViewerRelations = {
  ratings?: { rating: number }[];
  purchases?: { format: DeliveryFormat }[];
  downloads?: { format: string }[];
  likes?: { userId: string }[];
};

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
    mp3Kbps: loop.mp3Key ? loop.mp3Kbps : null,
    averageRating: averageRating(loop.ratingSum, loop.ratingCount),
    totalRatings: loop.ratingCount,
    myRating: viewerId !== null ? (loop.ratings?.[0]?.rating ?? null) : null,
    canRate: viewerId !== null && viewerId !== loop.userId && (purchasedFormats.length > 0 || (loop.downloads?.length ?? 0) > 0),
    likeCount: loop.likeCount,
    likedByMe: viewerId !== null && (loop.likes?.length ?? 0) > 0,
    user: {
      id: loop.user.id,
      username: loop.user.username,
      firstName: loop.user.firstName,
      email: viewerId !== null && viewerId === loop.user.id ? loop.user.email : null,
    },
  };
}

/** What only the signed-in viewer sees of a loop. */
export interface ViewerFields {
  /** Bought and not refunded; bought at all is `purchasedFormats.length > 0`. */
  purchasedFormats: DeliveryFormat[];
  myRating: number | null;
  /** The viewer fetched a download of it (ratings are for buyers and downloaders). */
  hasDownloaded: boolean;
  likedByMe: boolean;
  /**
   * The loop's count read with the viewer's fields: the viewer's own like shows in the count at
   * once, even on a page the catalog cache served from before it.
   */
  likeCount?: number;
}

/**
 * A copy of an anonymous PublicLoop (which may be shared through the catalog cache: never mutated)
 * with the viewer's own fields: purchase, rating, like, and their e-mail on their own loops.
 */
export function withViewerFields(
  loop: PublicLoop,
  viewerId: string,
  fields: ViewerFields | undefined,
  viewerEmail: string | null,
): PublicLoop {
  const own = loop.user.id === viewerId;
  const purchasedFormats = ownedFormats(fields?.purchasedFormats ?? []);
  return {
    ...loop,
    isPurchased: purchasedFormats.length > 0,
    purchasedFormats,
    myRating: fields?.myRating ?? null,
    canRate: !own && (purchasedFormats.length > 0 || (fields?.hasDownloaded ?? false)),
    likeCount: fields?.likeCount ?? loop.likeCount,
    likedByMe: fields?.likedByMe ?? false,
    user: own ? { ...loop.user, email: viewerEmail } : loop.user,
  };
}
