// Audio processing of an upload (api/src/audio/pipeline.ts), run as the loop worker runs it in
// production: bundled by esbuild as api/build.mjs does (so no TypeScript compilation is measured), in
// a worker thread (runPipelineInWorker), in a fresh Node process per case, whose peak resident memory
// (process.resourceUsage().maxRSS: the kernel's high-water mark for the whole process, threads and
// WASM memory included) and wall time are reported. Cases, with audio synthesised here (no fixtures):
//   - 60 s of stereo 44.1 kHz 16-bit WAV: budget 3 s and 300 MB;
//   - an MP3 of just under the 50 MiB upload limit (128 kbps, ~54 minutes) as a track: refused by its
//     frame count before decoding (the track cap is 30 minutes): budget 1 s and 300 MB; its first 29
//     minutes (27.8 MB), the longest a track may be, processed: budget 21 s of CPU and 512 MB. Issue 19
//     asked for the 54-minute MP3 in 40 s; the 29 minutes get the same rate, 40 s × 29 / 54 ≈ 21 s.
//     Since issue 19 an MP3 upload is not encoded again for the MP3 download (its own bytes are
//     delivered, docs/decisions.md), so this case measures that path: decode, analysis, the 128 kbps
//     preview and the WAV, no 320 kbps encode (the WAV case still measures the encode);
//   - bombs (issue 18, built by api/test/support/audio-bombs.ts): a 6-hour FLAC of silence (3.9 MB)
//     as a loop, refused by its header: budget 1 s and 200 MB; the same with its length hidden,
//     decoded up to the loop's 10-minute cap: budget 300 MB; a 6-hour Ogg Vorbis (2 MB) as a track:
//     budget 1 s and 200 MB; one Ogg page that decodes to ~535 MB at once, stopped at the audio
//     thread's memory bound (768 MB): budget that bound above the process's memory before it.
// Time is judged on the CPU time the process spent on the job (all threads, process.cpuUsage()), as a
// ratio to a decode-only control measured just before it in the same run: a fresh process decoding
// CONTROL_SECONDS of the 128 kbps MP3 with the pipeline's own decoder (sources.ts, mpg123 in WASM,
// as the pipeline decodes an MP3 upload) and doing nothing else. CPU seconds measure the machine
// (the same code took 2.85 s on one host and 3.5-3.9 s on a slower one); the ratio is the code's.
// The budgets are written in CPU seconds on a machine whose control takes REFERENCE_CONTROL_MS, and
// each run scales them by its own control: a case's share is (its CPU ÷ the control's) ÷ (its budget
// ÷ REFERENCE_CONTROL_MS). The 60 s WAV, the case nearest its budget, runs WAV_RUNS times, each after
// its own control, and its median ratio counts: single runs of it vary by ±10 % on a busy host.
// Wall time and the load average are printed beside it.
// Each processed case also prints the pipeline's own step times (PipelineResult.timings: CPU and
// wall time of probe, decode, mix, peaks, bpm, key, mp3, preview, wav, write, other; CPU of the
// process, in the worker thread, on Node versions without process.threadCpuUsage).
// The 50 MB MP3 takes a while to encode; it is cached in the system temp directory.
// The result is the worst case's share of its budget (100 % = at the budget).
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import wavHeader from "../lib/wav-header.cjs";

export const name = "audio-processing";
export const description = "upload processing in the worker thread: time and peak memory (60 s WAV; 50 MB MP3; audio bombs)";

const { wavHeader16 } = wavHeader;
const SAMPLE_RATE = 44100;
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const MP3_TARGET_BYTES = MAX_UPLOAD_BYTES - 256 * 1024;
const CACHE_VERSION = 1;
/** The control decodes this much of the 128 kbps MP3: about 1 s of CPU. */
const CONTROL_SECONDS = 5 * 60;
/**
 * The control's CPU time on the machine the budgets were set on (issues 18 and 19), where the 60 s WAV
 * took 2.82-2.90 s, 94-96.7 % of its 3 s, in every run from session 50 to 57. Not measured there: the
 * WAV ÷ control ratio was 3.2 (median of 17 pairs, 2.9-3.5) on a host where the WAV took 2.9-3.9 s,
 * and 2.86 s ÷ 3.2 = 0.89 s, rounded up so the budgets are no looser than the seconds they replace.
 */
const REFERENCE_CONTROL_MS = 900;
const WAV_RUNS = 7;

/** Stereo test music: a click on every beat (124 BPM), an A minor chord, a little noise; channels differ. */
function synthesize(startFrame, frames) {
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const period = Math.round((SAMPLE_RATE * 60) / 124);
  const notes = [220, 261.63, 329.63];
  let seed = (startFrame * 2654435761) >>> 0;
  for (let i = 0; i < frames; i++) {
    const t = startFrame + i;
    const sinceBeat = t % period;
    const click = sinceBeat < 2000 ? 0.8 * Math.sin((2 * Math.PI * 100 * sinceBeat) / SAMPLE_RATE) * Math.exp(-sinceBeat / 400) : 0;
    let chord = 0;
    for (const hz of notes) chord += 0.06 * Math.sin((2 * Math.PI * hz * t) / SAMPLE_RATE);
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const noise = (seed / 2 ** 32 - 0.5) * 0.02;
    left[i] = click + chord + noise;
    right[i] = 0.7 * click + chord - noise;
  }
  return [left, right];
}

function wavBytes(seconds) {
  const frames = seconds * SAMPLE_RATE;
  const [left, right] = synthesize(0, frames);
  const out = Buffer.alloc(44 + frames * 4);
  wavHeader16(2, SAMPLE_RATE, frames * 4).copy(out);
  for (let i = 0; i < frames; i++) {
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, left[i])) * 32767), 44 + i * 4);
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, right[i])) * 32767), 46 + i * 4);
  }
  return out;
}

/** Encodes synthesised audio at 128 kbps, 10 s at a time, until the file is just under 50 MiB. */
async function ensureLongMp3(root, log) {
  const dir = path.join(tmpdir(), "loop-bench-audio");
  const file = path.join(dir, `long-128k-v${CACHE_VERSION}.mp3`);
  if (existsSync(file)) {
    log(`using cached ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB)`);
    return file;
  }
  mkdirSync(dir, { recursive: true });
  log("encoding a ~50 MB MP3 (128 kbps, ~54 min) of synthesised audio; cached for later runs");
  const require = createRequire(path.join(root, "api", "package.json"));
  const { createMp3Encoder } = await import(pathToFileURL(require.resolve("wasm-media-encoders")).href);
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 2, sampleRate: SAMPLE_RATE, bitrate: 128 });
  const partial = `${file}.${process.pid}.part`;
  const fd = openSync(partial, "w");
  const t0 = Date.now();
  let bytes = 0;
  let frame = 0;
  try {
    const block = 10 * SAMPLE_RATE;
    // 128 kbps = 16,000 bytes a second: stop one block before the target.
    while (bytes + 16000 * 10 * 2 < MP3_TARGET_BYTES) {
      const out = encoder.encode(synthesize(frame, block));
      writeSync(fd, out);
      bytes += out.length;
      frame += block;
    }
    const tail = encoder.finalize();
    writeSync(fd, tail);
    bytes += tail.length;
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  log(`encoded ${(frame / SAMPLE_RATE / 60).toFixed(1)} min, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}

/**
 * Bundles run-in-worker.ts and the worker entry, as api/build.mjs does (with @loop/rules), under
 * api/node_modules/.cache; and the tests' bomb builders, which make the bomb cases.
 */
async function bundlePipeline(root) {
  const api = path.join(root, "api");
  const outdir = path.join(api, "node_modules", ".cache", "loop-bench-audio");
  const require = createRequire(path.join(api, "package.json"));
  const { build } = await import(pathToFileURL(require.resolve("esbuild")).href);
  const { NODE_BUNDLE_OPTIONS } = await import(pathToFileURL(path.join(api, "esbuild-shared.mjs")).href);
  await build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: {
      "run-in-worker": path.join(api, "src/audio/run-in-worker.ts"),
      "audio-worker": path.join(api, "src/audio/worker-entry.ts"),
      "audio-bombs": path.join(api, "test/support/audio-bombs.ts"),
      "audio-sources": path.join(api, "src/audio/sources.ts"),
    },
    outdir,
    logLevel: "warning",
  });
  return {
    pipeline: path.join(outdir, "run-in-worker.mjs"),
    bombs: path.join(outdir, "audio-bombs.mjs"),
    sources: path.join(outdir, "audio-sources.mjs"),
  };
}

/**
 * Runs this file as a child process: `--child` processes one input (as a loop or a track), `--control`
 * only decodes an MP3. Answers the child's JSON report.
 */
function runChild(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop();
      if (code !== 0 || !line) return reject(new Error(`measurement exited with code ${code}: ${out}`));
      resolve(JSON.parse(line));
    });
  });
}

const measure = (bundle, input, contentType) => runChild(["--child", bundle, input, contentType]);
const measureControl = (sources, mp3) => runChild(["--control", sources, mp3]);

/** The control: the pipeline's decoder (sources.ts) through a whole MP3, the samples dropped. */
async function control(sources, mp3) {
  const { decodeFile } = await import(pathToFileURL(sources).href);
  const cpu0 = process.cpuUsage();
  let frames = 0;
  for await (const chunk of decodeFile(mp3, "mp3", null)) frames += chunk.channels[0].length;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, frames })}\n`);
}

async function child(bundle, input, contentType) {
  const { runPipelineInWorker, audioLimits } = await import(pathToFileURL(bundle).href);
  const outDir = mkdtempSync(path.join(tmpdir(), "loop-bench-out-"));
  try {
    const baselineMb = process.resourceUsage().maxRSS / 1024;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const running = runPipelineInWorker(input, outDir, { limits: audioLimits(contentType) });
    const outcome = await running.result.then(
      (result) => ({ result }),
      (error) => ({ refused: error.name === "AudioRejected" ? error.message : null, error }),
    );
    if (!outcome.result && !outcome.refused) throw outcome.error;
    const memory = await running.memory;
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const size = (file) => (existsSync(file) ? statSync(file).size : 0);
    const { result } = outcome;
    process.stdout.write(
      `${JSON.stringify({
        ms,
        cpuMs,
        peakMb,
        baselineMb,
        threadPeakMb: memory.peakThreadBytes / 1024 / 1024,
        refused: outcome.refused ?? null,
        durationMs: result?.durationMs ?? null,
        bpm: result?.detectedBpm ?? null,
        key: result?.detectedKey ?? null,
        // An MP3 upload delivered as it is: files.mp3 is the input itself.
        mp3Bytes: result ? size(result.files.mp3) : 0,
        mp3Original: result?.mp3Original ?? null,
        mp3Kbps: result?.mp3Kbps ?? null,
        wavBytes: size(path.join(outDir, "audio.wav")),
        previewBytes: size(path.join(outDir, "preview.mp3")),
        timings: result?.timings ?? null,
      })}\n`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** "decode 3.40/3.52, mp3 27.10/27.90, …" (as the worker's log line, api/src/audio/timings.ts). */
function formatSteps(timings) {
  return Object.entries(timings)
    .map(([step, { cpuMs, wallMs }]) => `${step} ${(cpuMs / 1000).toFixed(2)}/${(wallMs / 1000).toFixed(2)}`)
    .join(", ");
}

export async function run({ root, log }) {
  const work = mkdtempSync(path.join(tmpdir(), "loop-bench-in-"));
  try {
    const wav = path.join(work, "60s.wav");
    writeFileSync(wav, wavBytes(60));
    const mp3 = await ensureLongMp3(root, log);
    const bundle = await bundlePipeline(root);
    const bombs = await import(pathToFileURL(bundle.bombs).href);
    const bomb = (name, bytes) => {
      const file = path.join(work, name);
      writeFileSync(file, bytes);
      return file;
    };
    const sixHours = 6 * 3600;
    // The MP3 is CBR 128 kbps (16,000 bytes a second): its first 29 minutes.
    const longMp3 = readFileSync(mp3);
    const mp3Track = bomb("29min.mp3", longMp3.subarray(0, 29 * 60 * 16000));
    const controlInput = bomb("control.mp3", longMp3.subarray(0, CONTROL_SECONDS * 16000));
    const cases = [
      {
        label: "60 s WAV (stereo, 44.1 kHz, 16-bit)",
        input: wav,
        contentType: "track",
        budgetMs: 3000,
        budgetMb: 300,
        runs: WAV_RUNS,
      },
      {
        label: `${(statSync(mp3).size / 1e6).toFixed(1)} MB MP3 (128 kbps, 54 min) as a track`,
        input: mp3,
        contentType: "track",
        budgetMs: 1000,
        budgetMb: 300,
      },
      { label: "its first 29 minutes (27.8 MB) as a track", input: mp3Track, contentType: "track", budgetMs: 21000, budgetMb: 512 },
      {
        label: "6-hour FLAC of silence (3.9 MB) as a loop",
        input: bomb("6h.flac", bombs.silentFlac({ seconds: sixHours })),
        contentType: "loop",
        budgetMs: 1000,
        budgetMb: 200,
      },
      {
        label: "6-hour FLAC of silence, length hidden, as a loop",
        input: bomb("6h-hidden.flac", bombs.silentFlac({ seconds: sixHours, declaredSeconds: 0 })),
        contentType: "loop",
        budgetMb: 300,
      },
      {
        label: "6-hour Ogg Vorbis of silence (2 MB) as a track",
        input: bomb("6h.ogg", await bombs.silentVorbis({ seconds: sixHours })),
        contentType: "track",
        budgetMs: 1000,
        budgetMb: 200,
      },
      // The thread is ended once the process has grown 768 MB (AUDIO_MEMORY_LIMIT_MB) since it started.
      {
        label: "one Ogg page of 255 FLAC frames × 65,535 samples × 8 channels (9 KB)",
        input: bomb("page.ogg", bombs.oggFlacPages({ pages: 1 })),
        contentType: "loop",
        overBaselineMb: 768 + 64,
      },
    ];
    const details = [];
    const controls = [];
    let worst = 0;
    for (const c of cases) {
      log(`processing ${c.label}${c.runs > 1 ? `, ${c.runs} times` : ""}`);
      // Each run of a case with a CPU budget comes right after its own control.
      const runs = [];
      for (let i = 0; i < (c.runs ?? 1); i++) {
        const control = c.budgetMs ? await measureControl(bundle.sources, controlInput) : null;
        const r = await measure(bundle.pipeline, c.input, c.contentType);
        if (control) controls.push(control.cpuMs);
        runs.push({ ...r, controlMs: control?.cpuMs ?? null, ratio: control ? r.cpuMs / control.cpuMs : null });
      }
      // The run of median ratio is the one shown; memory counts its worst run.
      const r = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor(runs.length / 2)];
      const peakMb = Math.max(...runs.map((run) => run.peakMb));
      const budgetMb = c.budgetMb ?? r.baselineMb + c.overBaselineMb;
      const budgetRatio = c.budgetMs ? c.budgetMs / REFERENCE_CONTROL_MS : null;
      const share = Math.max(peakMb / budgetMb, c.budgetMs ? r.ratio / budgetRatio : 0);
      worst = Math.max(worst, share);
      const cpu = c.budgetMs
        ? `CPU ${(r.cpuMs / 1000).toFixed(2)} s = ${r.ratio.toFixed(2)} × the control's ${(r.controlMs / 1000).toFixed(2)} s (budget ${budgetRatio.toFixed(2)} ×: ${c.budgetMs / 1000} s where the control takes ${REFERENCE_CONTROL_MS / 1000} s)${runs.length > 1 ? `, median of ${runs.length} runs: ${runs.map((run) => `${run.ratio.toFixed(2)} ×`).join(", ")}` : ""}`
        : `CPU ${(r.cpuMs / 1000).toFixed(2)} s`;
      details.push(
        `${c.label} [${(share * 100).toFixed(1)} % of budget]: ${cpu}, wall ${(r.ms / 1000).toFixed(2)} s (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs), peak RSS ${peakMb.toFixed(0)} MB (budget ${budgetMb.toFixed(0)} MB; the process before the pipeline: ${r.baselineMb.toFixed(0)} MB; the audio thread's own peak ${r.threadPeakMb ? `${r.threadPeakMb.toFixed(0)} MB` : "not reported: the thread was ended"})`,
        `  → ${r.refused ? `refused: "${r.refused}"` : `${(r.durationMs / 60000).toFixed(1)} min of audio, ${r.bpm ?? "no"} BPM, ${r.key ?? "no key"}`}; written: MP3 ${r.mp3Original ? `as uploaded (${r.mp3Kbps} kbps, not encoded again)` : `${r.mp3Kbps ?? 320}k`} ${(r.mp3Bytes / 1e6).toFixed(1)} MB, WAV ${(r.wavBytes / 1e6).toFixed(1)} MB, preview ${(r.previewBytes / 1e6).toFixed(2)} MB`,
      );
      if (r.timings) details.push(`  steps, CPU/wall s: ${formatSteps(r.timings)}`);
    }
    const sorted = [...controls].sort((a, b) => a - b);
    details.push(
      `the control (${CONTROL_SECONDS / 60} min of 128 kbps MP3 decoded, nothing else), ${controls.length} runs: ${(sorted[0] / 1000).toFixed(2)}-${(sorted.at(-1) / 1000).toFixed(2)} s of CPU, median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s (${REFERENCE_CONTROL_MS / 1000} s where the budgets were set)`,
    );
    return { value: worst * 100, unit: "% of budget", budget: 100, lowerIsBetter: true, details };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], process.argv[5]);
if (process.argv[2] === "--control") await control(process.argv[3], process.argv[4]);
