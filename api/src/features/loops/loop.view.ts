import { centsToPrice, type CreatorLoop, type PublicLoop } from "@loop/rules/schemas/loops";
import type { Genre, Loop, User } from "../../generated/prisma/client";

export type LoopWithGenre = Loop & { genre: Genre };

export function creatorLoopView(loop: LoopWithGenre): CreatorLoop {
  return {
    id: loop.id,
    title: loop.title,
    description: loop.description,
    price: centsToPrice(loop.priceCents),
    isFree: loop.isFree,
    duration: loop.durationMs === null ? null : loop.durationMs / 1000,
    bpm: loop.bpm,
    detectedBpm: loop.detectedBpm,
    key: loop.key,
    detectedKey: loop.detectedKey,
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
    failureReason: loop.failureReason,
    downloadCount: loop.downloadCount,
    artefacts: { preview: !!loop.previewKey, mp3: !!loop.mp3Key, wav: !!loop.wavKey, peaks: !!loop.peaksKey },
    createdAt: loop.createdAt.toISOString(),
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
    id: loop.id,
    title: loop.title,
    description: loop.description,
    price: centsToPrice(loop.priceCents),
    isFree: loop.isFree,
    isPurchased: false,
    duration: loop.durationMs === null ? null : loop.durationMs / 1000,
    bpm: loop.bpm ?? loop.detectedBpm,
    key: loop.key ?? loop.detectedKey,
    genreId: loop.genreId,
    genre: { id: loop.genre.id, name: loop.genre.name },
    tags: loop.tags,
    audioFileUrl: loop.previewKey ? `/api/loops/${loop.id}/preview` : null,
    peaksUrl: loop.peaksKey ? `/api/loops/${loop.id}/peaks` : null,
    contentType: loop.contentType,
    averageRating: null,
    totalRatings: 0,
    user: {
      id: loop.user.id,
      username: loop.user.username,
      firstName: loop.user.firstName,
      email: viewerId !== null && viewerId === loop.user.id ? loop.user.email : null,
    },
    downloadCount: loop.downloadCount,
    isPublic: loop.isPublic,
    status: loop.status,
    artistName: loop.artistName,
    albumName: loop.albumName,
    releaseDate: loop.releaseDate ? loop.releaseDate.toISOString().slice(0, 10) : null,
    lyrics: loop.lyrics,
    createdAt: loop.createdAt.toISOString(),
  };
}
