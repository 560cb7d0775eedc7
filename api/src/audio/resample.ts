// Sample-rate conversion down to the rate of the stored files (./stored-size.ts: 48 kHz at most), chunk
// by chunk, so that a long file never sits whole in memory. A windowed-sinc low-pass and polyphase
// interpolation: the output at time n·in/out (in input samples) is the input convolved with the
// kernel shifted to that time. For a rational ratio out/in = L/M in lowest terms the shift takes L
// values, whose coefficients are computed once each (at most `out` of them: 48,000 × 64 floats, 12 MB,
// for a rate such as 96,001 Hz; one for 96 → 48 kHz or 88.2 → 44.1 kHz).

/** Zero crossings of the sinc on each side of its centre (the steepness of the low-pass). */
const ZERO_CROSSINGS = 16;
/** The pass band ends this far below the output's Nyquist frequency (the transition band). */
const ROLLOFF = 0.94;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Blackman window on [-1, 1]. */
function blackman(x: number): number {
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}

export class Resampler {
  /** Output samples per `step` input samples: out/in = up/step in lowest terms. */
  private readonly up: number;
  private readonly step: number;
  /** Half the kernel's length, in input samples; taps per output = 2 × half. */
  private readonly half: number;
  private readonly cutoff: number;
  private readonly phases: (Float32Array | undefined)[];
  /** Input kept per channel, from absolute input index `bufferStart` (before the first sample: zeros). */
  private buffers: Float32Array[];
  private bufferStart: number;
  private bufferLength = 0;
  /** Absolute index of the next output sample. */
  private next = 0;
  /** Input samples received. */
  private received = 0;

  constructor(
    readonly inRate: number,
    readonly outRate: number,
    readonly channels: number,
  ) {
    if (!(outRate > 0 && outRate < inRate)) throw new Error(`Resampler only lowers the rate (${inRate} → ${outRate})`);
    const divisor = gcd(inRate, outRate);
    this.up = outRate / divisor;
    this.step = inRate / divisor;
    // Cycles per input sample at which the low-pass cuts: below the output's Nyquist frequency.
    this.cutoff = (0.5 * ROLLOFF * outRate) / inRate;
    this.half = Math.ceil(ZERO_CROSSINGS / (2 * this.cutoff));
    this.phases = new Array<Float32Array | undefined>(this.up);
    this.bufferStart = -(this.half - 1);
    this.buffers = Array.from({ length: channels }, () => new Float32Array(1 << 16));
    this.bufferLength = this.half - 1;
  }

  /** Output frames for `inputFrames` input frames (what a whole file becomes). */
  static outputFrames(inputFrames: number, inRate: number, outRate: number): number {
    return Math.ceil((inputFrames * outRate) / inRate);
  }

  /** The coefficients for the output samples whose time falls `phase / up` of an input sample after an input sample. */
  private coefficients(phase: number): Float32Array {
    const cached = this.phases[phase];
    if (cached) return cached;
    const { half, cutoff } = this;
    const fraction = phase / this.up;
    const taps = new Float32Array(2 * half);
    let sum = 0;
    for (let j = 0; j < taps.length; j++) {
      // Tap j multiplies input (i0 - half + 1 + j); its distance from the output's time:
      const distance = j - (half - 1) - fraction;
      const x = distance / half;
      if (Math.abs(x) >= 1) continue;
      const arg = 2 * cutoff * distance;
      const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      taps[j] = 2 * cutoff * sinc * blackman(x);
      sum += taps[j]!;
    }
    // Unity gain at DC, exactly, for every phase.
    for (let j = 0; j < taps.length; j++) taps[j]! /= sum;
    this.phases[phase] = taps;
    return taps;
  }

  private append(channels: readonly Float32Array[], length: number): void {
    if (this.bufferLength + length > this.buffers[0]!.length) {
      const size = Math.max(this.buffers[0]!.length * 2, this.bufferLength + length);
      this.buffers = this.buffers.map((buffer) => {
        const grown = new Float32Array(size);
        grown.set(buffer.subarray(0, this.bufferLength));
        return grown;
      });
    }
    for (let c = 0; c < this.channels; c++) {
      const source = channels[c] ?? channels[0]!;
      this.buffers[c]!.set(length === source.length ? source : source.subarray(0, length), this.bufferLength);
    }
    this.bufferLength += length;
  }

  /** Every output sample whose taps are all in the buffer, up to (not including) output index `until`. */
  private produce(until: number): Float32Array[] {
    const { up, step, half } = this;
    const available = this.bufferStart + this.bufferLength;
    // Output n needs input up to floor(n·step/up) + half.
    let last = Math.floor(((available - half) * up) / step);
    while (last >= 0 && Math.floor((last * step) / up) + half >= available) last--;
    const end = Math.min(until, last + 1);
    const count = Math.max(0, end - this.next);
    const out = Array.from({ length: this.channels }, () => new Float32Array(count));
    for (let k = 0; k < count; k++) {
      const n = this.next + k;
      const position = n * step;
      const i0 = Math.floor(position / up);
      const taps = this.coefficients(position - i0 * up);
      const from = i0 - half + 1 - this.bufferStart;
      for (let c = 0; c < this.channels; c++) {
        const input = this.buffers[c]!;
        let sum = 0;
        for (let j = 0; j < taps.length; j++) sum += input[from + j]! * taps[j]!;
        out[c]![k] = sum;
      }
    }
    this.next += count;
    // Keep what the next output still needs.
    const keepFrom = Math.floor((this.next * step) / up) - half + 1;
    const drop = Math.min(this.bufferLength, Math.max(0, keepFrom - this.bufferStart));
    if (drop > 0) {
      for (const buffer of this.buffers) buffer.copyWithin(0, drop, this.bufferLength);
      this.bufferLength -= drop;
      this.bufferStart += drop;
    }
    return out;
  }

  /** Takes the next input frames (the first `channels` channels; a missing one repeats the first) and returns the output made ready by them. */
  process(channels: readonly Float32Array[]): Float32Array[] {
    const length = channels[0]?.length ?? 0;
    if (!length) return Array.from({ length: this.channels }, () => new Float32Array(0));
    this.append(channels, length);
    this.received += length;
    return this.produce(Number.POSITIVE_INFINITY);
  }

  /** The end of the input: the remaining output (the input is taken as silent past its end). */
  flush(): Float32Array[] {
    const zeros = Array.from({ length: this.channels }, () => new Float32Array(this.half + 1));
    this.append(zeros, this.half + 1);
    return this.produce(Resampler.outputFrames(this.received, this.inRate, this.outRate));
  }
}
