// Audio that explodes (issue 18): a few MB of FLAC, Ogg or M4A that hold hours of silence, uploaded
// through the API and processed by the real worker. They end failed with the reason without
// decoding them whole, writing gigabytes or passing the audio thread's memory bound (what would
// take minutes is measured by what it writes and holds, not by the clock); the worker goes on
// with the next upload. The files are built here (./support/audio-bombs.ts).
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AUDIO_TOO_LONG_MESSAGES } from "@loop/rules/schemas/loops";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_SAMPLES } from "../src/audio/feeds";
import { AUDIO_MEMORY_LIMIT_MB, tooMuchMemory } from "../src/audio/limits";
import { runPipelineInWorker } from "../src/audio/run-in-worker";
import { decodeFile, unknownLength } from "../src/audio/sources";
import { startLoopWorker, type LoopWorker } from "../src/jobs/loop-worker";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { clickTrack, wavFile } from "./support/audio";
import { oggFlacPages, silentFlac, silentM4a, silentVorbis } from "./support/audio-bombs";
import { type Browser } from "./support/siwe";
import { createTestApp, testLogger, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS } from "./support/wait";

const MB = 1024 * 1024;
const HOURS = 3600;

/** Bytes this process has written (files and sockets, every thread): Linux's /proc/self/io. */
const bytesWritten = () => Number(/wchar:\s*(\d+)/.exec(readFileSync("/proc/self/io", "utf8"))![1]);

describe("bombs uploaded through the API", () => {
  let t: TestApp;
  let agent: Browser;
  let genreId: number;
  let worker: LoopWorker | null = null;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genreId = await createGenre(t.db.prisma, "Ambient");
    agent = (await signInMember(t)).browser;
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  /** The real worker, with its log kept: one line per file, with the audio thread's peak memory. */
  function startWorker(audioMemoryLimitMb?: number) {
    worker = startLoopWorker({
      prisma: t.db.prisma,
      storage: t.storage,
      visibilityMs: t.config.jobVisibilityMs,
      pollMs: 50,
      audioMemoryLimitMb,
      logger: { ...testLogger, info: (line) => logLines.push(line) },
    });
  }

  /** Uploads `file` and waits for its end, measuring the bytes written and the process's memory meanwhile. */
  async function uploadAndProcess(file: Buffer, filename: string, contentType: "loop" | "track") {
    const written = bytesWritten();
    const rss = process.memoryUsage.rss();
    let peakRss = rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
    try {
      const { body } = await agent
        .post("/api/loops/upload")
        .field("title", filename)
        .field("genreId", String(genreId))
        .field("contentType", contentType)
        .attach("audio", file, { filename })
        .expect(201);
      const started = Date.now();
      for (;;) {
        const { body: loop } = await agent.get(`/api/loops/${body.id}/status`).expect(200);
        if (loop.status !== "processing") {
          const line = logLines.find((text) => text.includes(body.id)) ?? "";
          const [, threadMb, rssMb] = /audio thread peak (\d+) MB, process memory \+(\d+) MB/.exec(line) ?? [];
          return {
            status: loop.status as string,
            failureReason: loop.failureReason as string | null,
            writtenMb: (bytesWritten() - written) / MB,
            rssGrowthMb: (peakRss - rss) / MB,
            workerThreadMb: Number(threadMb),
            workerRssMb: Number(rssMb),
          };
        }
        if (Date.now() - started > EVENT_DEADLINE_MS) throw new Error(`${filename} still processing after ${EVENT_DEADLINE_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      clearInterval(sampler);
    }
  }

  it("a 6-hour FLAC of silence (3.9 MB, a 3.8 GB WAV) uploaded as a loop ends failed 'Too Long', nothing decoded", async () => {
    startWorker();
    const bomb = silentFlac({ seconds: 6 * HOURS });
    expect(bomb.length).toBeLessThan(4 * MB);
    const run = await uploadAndProcess(bomb, "six-hours.flac", "loop");
    expect(run).toMatchObject({ status: "failed", failureReason: AUDIO_TOO_LONG_MESSAGES.loop });
    // The upload is stored and copied for the worker (~8 MB), nothing is decoded into files.
    expect(run.writtenMb).toBeLessThan(30);
    expect(run.rssGrowthMb).toBeLessThan(256);
    expect(run.workerRssMb).toBeLessThan(AUDIO_MEMORY_LIMIT_MB);
  });

  it("a 6-hour Ogg Vorbis of silence (2 MB) uploaded as a track ends failed 'Too Long' for tracks", async () => {
    const bomb = await silentVorbis({ seconds: 6 * HOURS });
    expect(bomb.length).toBeLessThan(3 * MB);
    const run = await uploadAndProcess(bomb, "six-hours.ogg", "track");
    expect(run).toMatchObject({ status: "failed", failureReason: AUDIO_TOO_LONG_MESSAGES.track });
    expect(run.writtenMb).toBeLessThan(30);
    expect(run.rssGrowthMb).toBeLessThan(256);
  });

  it("an M4A that does not say how long it is is refused (it would be decoded whole), one that understates is refused by its sample count", async () => {
    const unknown = await uploadAndProcess(silentM4a({ seconds: 30, declaredSeconds: 0 }), "no-length.m4a", "track");
    expect(unknown).toMatchObject({ status: "failed", failureReason: unknownLength("m4a") });
    // The movie and media headers say 1 minute; the sample table holds 11 minutes of AAC frames.
    const understated = await uploadAndProcess(silentM4a({ seconds: 11 * 60, declaredSeconds: 60 }), "eleven-minutes.m4a", "loop");
    expect(understated).toMatchObject({ status: "failed", failureReason: AUDIO_TOO_LONG_MESSAGES.loop });
    expect(understated.workerThreadMb).toBeLessThan(128);
  });

  it("a page that decodes to ~535 MB at once is stopped at the audio thread's memory bound; the worker then processes the next upload", async () => {
    await worker!.stop();
    const limitMb = 256;
    startWorker(limitMb);
    // One Ogg page of 255 FLAC frames of 65,535 samples on 8 channels: 9 KB, a single decode call.
    const bomb = oggFlacPages({ pages: 1 });
    expect(bomb.length).toBeLessThan(10_000);
    const run = await uploadAndProcess(bomb, "one-page.ogg", "loop");
    expect(run).toMatchObject({ status: "failed", failureReason: tooMuchMemory(limitMb) });
    // Sampled every 20 ms by the worker and every 5 ms here: the thread is ended within a few MB of its bound.
    expect(run.rssGrowthMb).toBeLessThan(limitMb + 100);

    const next = await uploadAndProcess(wavFile([clickTrack(120, 3), clickTrack(90, 3)]), "next.wav", "loop");
    expect(next).toMatchObject({ status: "ready", failureReason: null });
  });
});

describe("the pipeline on bombs that hide or understate their length", () => {
  /** Runs the pipeline in its worker thread on `file`; what it answered, what it wrote, its memory. */
  async function run(file: Buffer, options: Parameters<typeof runPipelineInWorker>[2]) {
    const dir = await mkdtemp(path.join(tmpdir(), "loop-bomb-"));
    try {
      const input = path.join(dir, "original");
      await writeFile(input, file);
      const running = runPipelineInWorker(input, dir, options);
      const outcome = await running.result.then(
        (result) => `ready ${result.durationMs} ms`,
        (error: Error) => `${error.name}: ${error.message}`,
      );
      const memory = await running.memory;
      let written = 0;
      for (const name of await readdir(dir)) if (name !== "original") written += (await stat(path.join(dir, name))).size;
      return {
        outcome,
        writtenMb: written / MB,
        threadMb: memory.peakThreadBytes / MB,
        rssGrowthMb: memory.peakRssGrowthBytes / MB,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** 16-bit stereo WAV + 320 kbps MP3 of this many seconds at 44.1 kHz. */
  const artefactsMb = (seconds: number) => (seconds * 44100 * 4 + seconds * 40_000) / MB;

  it("a FLAC whose STREAMINFO says 'unknown length' is decoded only up to the cap: what it wrote stays within the cap's worth", async () => {
    const limits = { maxSeconds: 30, tooLong: "Too Long: half a minute at most" };
    const result = await run(silentFlac({ seconds: 6 * HOURS, declaredSeconds: 0 }), { limits });
    expect(result.outcome).toBe(`AudioRejected: ${limits.tooLong}`);
    expect(result.writtenMb).toBeLessThanOrEqual(artefactsMb(30));
    expect(result.threadMb).toBeLessThan(256);
  });

  it("a FLAC that declares 1 minute but holds 6 hours is refused once it passes what it declared", async () => {
    const result = await run(silentFlac({ seconds: 6 * HOURS, declaredSeconds: 60 }), {});
    expect(result.outcome).toBe("AudioRejected: Corrupt audio: the FLAC file holds more audio than its header declares");
    expect(result.writtenMb).toBeLessThanOrEqual(artefactsMb(120));
  });

  it("an Ogg Vorbis whose last page says 20 s but holds 6 hours is decoded only up to the cap", async () => {
    const limits = { maxSeconds: 30, tooLong: "Too Long: half a minute at most" };
    const result = await run(await silentVorbis({ seconds: 6 * HOURS, declaredSeconds: 20 }), { limits });
    expect(result.outcome).toBe(`AudioRejected: ${limits.tooLong}`);
    expect(result.writtenMb).toBeLessThanOrEqual(artefactsMb(30));
    expect(result.threadMb).toBeLessThan(256);
  });

  it("FLAC is cut only where frames begin: every frame of a file of small frames is decoded (64 KiB reads split headers and lost frames)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "loop-bomb-"));
    try {
      const input = path.join(dir, "small-frames.flac");
      // 400 s in frames of 4096 samples and ~16 bytes: 66 KB, read in two blocks of at most 64 KiB.
      await writeFile(input, silentFlac({ seconds: 400 }));
      let frames = 0;
      for await (const chunk of decodeFile(input, "flac", null)) frames += chunk.channels[0]!.length;
      expect(frames).toBe(400 * 44100);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("no decode call gives more than ~FEED_SAMPLES samples, however much silence a few KB hold", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "loop-bomb-"));
    try {
      for (const [name, file] of [
        ["flac", silentFlac({ seconds: HOURS })],
        ["flac", silentFlac({ seconds: HOURS, blockSize: 65535 })],
        ["ogg", await silentVorbis({ seconds: HOURS })],
      ] as const) {
        const input = path.join(dir, `bomb.${name}`);
        await writeFile(input, file);
        let chunks = 0;
        for await (const chunk of decodeFile(input, name, null)) {
          // Stereo: FEED_SAMPLES / 2 frames, plus the frame that straddles a cut.
          expect(chunk.channels[0]!.length).toBeLessThanOrEqual(FEED_SAMPLES / 2 + 2 * 65535);
          if (++chunks === 4) break;
        }
        expect(chunks).toBe(4);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
