// Processing a long file can take longer than a job's claim (JOB_VISIBILITY_MS): the worker renews
// its claim while it works, so that no other worker takes the job and processes it a second time.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { clickTrack, wavFile } from "./support/audio";
import { type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS, waitFor } from "./support/wait";

let t: TestApp;
let agent: Browser;
let genreId: number;

beforeAll(async () => {
  t = await createTestApp({ empty: true });
  genreId = await createGenre(t.db.prisma, "Techno");
  agent = (await signInMember(t)).browser;
});
afterAll(() => t.close());

const CLAIM_MS = 1000;

it("a job that outlives its claim is renewed, not taken by a second worker: processed once", async () => {
  // Claims of 1 s (renewed every 333 ms); processing 120 s of stereo audio takes several seconds.
  // Shorter claims made the test flaky on a saturated two-core machine: one renewal held up for
  // 350 ms let the rival take the job (the at-least-once design then processes it twice, harmlessly,
  // but this test is about the renewal).
  const first = t.startWorker({ visibilityMs: CLAIM_MS, pollMs: 50 });
  const seconds = 120;
  const upload = agent.post("/api/loops/upload").field("title", "Long").field("genreId", String(genreId));
  const { body } = await upload
    .attach("audio", wavFile([clickTrack(120, seconds), clickTrack(90, seconds)]), { filename: "long.wav", contentType: "audio/wav" })
    .expect(201);
  let second: ReturnType<TestApp["startWorker"]> | null = null;
  try {
    // Wait until the first worker has the job, then start a rival that polls all the time.
    await waitFor(
      "the first worker to claim the job",
      async () => (await t.db.prisma.job.findFirstOrThrow()).state === "active",
      EVENT_DEADLINE_MS,
      20,
    );
    second = t.startWorker({ visibilityMs: CLAIM_MS, pollMs: 50 });
    const started = Date.now();
    await waitFor(
      "the job to be processed",
      async () => (await t.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } })).status !== "processing",
      EVENT_DEADLINE_MS,
      100,
    );
    // Not a speed claim but the test's premise: the claim would have expired twice over unrenewed
    // (a slower machine only makes it truer).
    expect(Date.now() - started).toBeGreaterThan(CLAIM_MS * 2);
    const loop = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id } });
    expect(loop.status).toBe("ready");
    expect(await t.db.prisma.job.findFirstOrThrow()).toMatchObject({ state: "completed", attempts: 1 });
  } finally {
    await first.stop();
    await second?.stop();
  }
});
