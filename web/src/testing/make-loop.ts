/** A catalog loop for tests (ready, public, paid, no preview unless given): every feature's tests use it. */
import type { LoopListResponse, PublicLoop } from "@loop/rules/schemas/loops";

let counter = 0;

export function makeLoop(overrides: Partial<PublicLoop> = {}): PublicLoop {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return {
    id,
    title: `Loop ${counter}`,
    description: "",
    price: "4.99",
    isFree: false,
    isPurchased: false,
    purchasedFormats: [],
    duration: 16,
    bpm: 120,
    key: "A minor",
    genreId: 1,
    genre: { id: 1, name: "House" },
    tags: "",
    // No preview by default: tests that need the player give one (and stub its peaks).
    audioFileUrl: null,
    peaksUrl: null,
    mp3Kbps: 320,
    contentType: "loop",
    averageRating: null,
    totalRatings: 0,
    myRating: null,
    canRate: false,
    likeCount: 0,
    likedByMe: false,
    user: { id: "creator-1", username: "beatsmith", firstName: "Mia", email: null },
    downloadCount: 0,
    isPublic: true,
    status: "ready",
    artistName: null,
    albumName: null,
    releaseDate: null,
    lyrics: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A loop the player can play: its preview and peaks at the API's paths (a test stubs the peaks). */
export function makePreviewLoop(id: string, overrides: Partial<PublicLoop> = {}): PublicLoop {
  return makeLoop({ id, title: `Loop ${id}`, audioFileUrl: `/api/loops/${id}/preview`, peaksUrl: `/api/loops/${id}/peaks`, ...overrides });
}

/** A page of GET /api/loops; `nextCursor` null: the last page. */
export function page(loops: PublicLoop[], total: number, nextCursor: string | null = null): LoopListResponse {
  return { loops, total, nextCursor };
}
