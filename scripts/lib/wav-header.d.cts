/** Types of wav-header.cjs, for e2e/support/loop-wav.ts. */
export declare function wavHeader16(channels: number, sampleRate: number, dataBytes: number): Buffer;
