// The 44-byte header of a 16-bit PCM WAV file, for the audio that the browser tests
// (e2e/support/loop-wav.ts) and the audio bench (scripts/bench/audio-processing.mjs) make on the spot.
// CommonJS so that Playwright's compiled support files can require it as well as the benches import it.
"use strict";

/** RIFF/WAVE header of `dataBytes` bytes of 16-bit little-endian PCM, `channels` interleaved at `sampleRate`. */
function wavHeader16(channels, sampleRate, dataBytes) {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

module.exports = { wavHeader16 };
