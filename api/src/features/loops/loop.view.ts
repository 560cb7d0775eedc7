import { centsToPrice, type CreatorLoop } from "@loop/rules/schemas/loops";
import type { Genre, Loop } from "../../generated/prisma/client";

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
