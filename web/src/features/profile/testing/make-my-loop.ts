/** A row of My Loops for tests (ready, public, $4.99, no figures unless given), and a page of them. */
import type { MyLoop, MyLoopsPage } from "@loop/rules/schemas/my-loops";
import { makeCreatorLoop } from "@/testing/make-creator-loop";

let counter = 0;

export function makeMyLoop(overrides: Partial<MyLoop> = {}): MyLoop {
  counter += 1;
  return {
    ...makeCreatorLoop({
      id: `7d000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
      title: `My Loop ${counter}`,
      status: "ready",
      createdAt: "2026-03-04T10:00:00.000Z",
      duration: 8,
      bpm: null,
      detectedBpm: 92,
      detectedKey: "A minor",
      artefacts: { preview: true, mp3: true, wav: true, peaks: true },
      updatedAt: "2026-03-04T10:00:00.000Z",
    }),
    plays: 0,
    sales: 0,
    earningsLoop: "0.00000000",
    earningsUsd: "0.00",
    processingStage: null,
    ...overrides,
  };
}

/** A page of GET /api/profile/loops; `nextCursor` null: the last page. */
export function myLoopsPage(loops: MyLoop[], total = loops.length, nextCursor: string | null = null): MyLoopsPage {
  return { loops, total, nextCursor };
}
