// The whole processing of one upload, from its bytes to every artefact. CPU-heavy: it runs in a
// worker thread (./worker-pool.ts), never on the request path.
import decode from "@audio/decode";
import { createMp3Encoder } from "wasm-media-encoders";
import { detectKey, detectTempo, encodeWav16, mixToMono, previewClip, waveformPeaks } from "./analysis";
import { sniffAudioFormat } from "./sniff";

export interface PipelineResult {
  durationMs: number;
  sampleRate: number;
  channels: number;
  detectedBpm: number | null;
  detectedKey: string | null;
  peaks: number[][];
  preview: Uint8Array;
  mp3: Uint8Array;
  wav: Uint8Array;
}

/** A refusal of the audio itself (corrupt, truncated, silent): not worth a retry. */
export class AudioRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AudioRejected";
  }
}

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

async function encodeMp3(channels: readonly Float32Array[], sampleRate: number, bitrate: 128 | 320): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  const outputSampleRate: Mp3Rate = (MP3_RATES as readonly number[]).includes(sampleRate) ? (sampleRate as Mp3Rate) : 44100;
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate, bitrate, outputSampleRate });
  const parts: Uint8Array[] = [];
  const block = 1152 * 64;
  for (let start = 0; start < channels[0]!.length; start += block) {
    // encode() returns a view into WASM memory: copy it before the next call.
    parts.push(encoder.encode(channels.map((c) => c.subarray(start, start + block))).slice());
  }
  parts.push(encoder.finalize().slice());
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function checkWavLength(bytes: Uint8Array): void {
  // A WAV whose data chunk claims more bytes than the file holds is truncated.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let hasFormat = false;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") hasFormat = true;
    if (id === "data") {
      if (!hasFormat) throw new AudioRejected("Corrupt audio: the WAV file has no format chunk before its data");
      if (offset + 8 + size > bytes.length) throw new AudioRejected("Truncated audio: the WAV data is shorter than its header says");
      return;
    }
    offset += 8 + size + (size % 2);
  }
  throw new AudioRejected("Corrupt audio: the WAV file has no data chunk");
}

export async function processAudio(bytes: Uint8Array): Promise<PipelineResult> {
  const format = sniffAudioFormat(bytes.subarray(0, 16));
  if (!format) throw new AudioRejected("Unsupported audio: the container is not MP3, WAV, FLAC, M4A/AAC or OGG");
  if (format === "wav") checkWavLength(bytes);

  let decoded: { channelData: Float32Array[]; sampleRate: number };
  try {
    decoded = await decode(bytes);
  } catch (error) {
    throw new AudioRejected(`Corrupt audio: could not decode the ${format.toUpperCase()} data (${error instanceof Error ? error.message : String(error)})`);
  }
  const { sampleRate } = decoded;
  const channels = decoded.channelData.slice(0, 2);
  const frames = channels[0]?.length ?? 0;
  if (!frames || !sampleRate) throw new AudioRejected("Empty audio: no samples could be decoded");
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) if (!Number.isFinite(channel[i]!)) throw new AudioRejected("Corrupt audio: decoded samples are not numbers");
  }

  const mono = mixToMono(channels);
  const preview = await encodeMp3(previewClip(channels, sampleRate), sampleRate, 128);
  const mp3 = await encodeMp3(channels, sampleRate, 320);
  return {
    durationMs: Math.round((frames / sampleRate) * 1000),
    sampleRate,
    channels: channels.length,
    detectedBpm: detectTempo(mono, sampleRate),
    detectedKey: detectKey(mono, sampleRate),
    peaks: waveformPeaks(mono),
    preview,
    mp3,
    wav: encodeWav16(channels, sampleRate),
  };
}
