/** The creator's view of a loop for tests: as the upload answers it (processing, public, $4.99, nothing made yet) unless given. */
import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { fixture } from "@/testing/fixture";

export const makeCreatorLoop = fixture<CreatorLoop>(() => ({
  id: "0b8f3c1e-0000-4000-8000-000000000001",
  title: "Dusty Drums",
  description: "",
  price: "4.99",
  isFree: false,
  duration: null,
  bpm: 92,
  detectedBpm: null,
  key: null,
  detectedKey: null,
  genreId: 1,
  genre: { id: 1, name: "Hip Hop" },
  tags: "",
  contentType: "loop",
  artistName: null,
  albumName: null,
  releaseDate: null,
  lyrics: null,
  isPublic: true,
  visibility: "public",
  status: "processing",
  failureReason: null,
  hiddenReason: null,
  downloadCount: 0,
  artefacts: { preview: false, mp3: false, wav: false, peaks: false },
  createdAt: "2026-11-22T00:00:00.000Z",
  updatedAt: "2026-11-22T00:00:00.000Z",
}));
