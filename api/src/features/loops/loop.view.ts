import { centsToPrice, type CreatorLoop, type PublicLoop } from "@loop/rules/schemas/loops";
import type { Genre, Loop, User } from "../../generated/prisma/client";

export type LoopWithGenre = Loop & { genre: Genre };

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
    artefacts: { preview: !!loop.previewKey, mp3: !!loop.mp3Key, wav: !!loop.wavKey, peaks: !!loop.peaksKey },
    updatedAt: loop.updatedAt.toISOString(),
  };
}

export type LoopWithGenreAndUser = LoopWithGenre & { user: Pick<User, "id" | "username" | "firstName" | "email"> };

export const publicLoopInclude = {
  genre: true,
  user: { select: { id: true, username: true, firstName: true, email: true } },
} as const;

/** A loop as the catalog shows it; `viewerId` sees their own e-mail, nobody else's. */
export function publicLoopView(loop: LoopWithGenreAndUser, viewerId: string | null): PublicLoop {
  return {
    ...commonLoopFields(loop),
    isPurchased: false,
    bpm: loop.bpm ?? loop.detectedBpm,
    key: loop.key ?? loop.detectedKey,
    audioFileUrl: loop.previewKey ? `/api/loops/${loop.id}/preview` : null,
    peaksUrl: loop.peaksKey ? `/api/loops/${loop.id}/peaks` : null,
    averageRating: null,
    totalRatings: 0,
    user: {
      id: loop.user.id,
      username: loop.user.username,
      firstName: loop.user.firstName,
      email: viewerId !== null && viewerId === loop.user.id ? loop.user.email : null,
    },
  };
}
