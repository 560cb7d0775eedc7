// Where an upload's processing time goes, step by step (decode, analysis, each encoder, the disk
// writes), summed over the chunks. Cheap enough to run on every upload (two clock reads per step
// and chunk: ~13,000 of ~2 µs for a 29-minute MP3), so the worker's log line carries them.
//
// CPU time is the calling thread's where Node can tell (process.threadCpuUsage, Node 23.9+), else
// the process's: in the audio worker thread that is the thread's own plus whatever the rest of the
// process does meanwhile (little in the bench; in the API, the requests it serves).

export interface StepTime {
  cpuMs: number;
  wallMs: number;
}

/** Step name → time spent in it; `total` is the whole run, `other` what no step covers. */
export type StepTimings = Record<string, StepTime>;

type CpuUsage = () => NodeJS.CpuUsage;
const threadCpuUsage = (process as { threadCpuUsage?: CpuUsage }).threadCpuUsage;
const cpuUsage: CpuUsage = threadCpuUsage ? () => threadCpuUsage.call(process) : () => process.cpuUsage();
const cpuNow = () => {
  const { user, system } = cpuUsage();
  return (user + system) / 1000;
};

export interface Mark {
  cpu: number;
  wall: number;
}

export class StepTimer {
  private readonly steps: StepTimings = {};
  private readonly origin = this.mark();

  mark(): Mark {
    return { cpu: cpuNow(), wall: performance.now() };
  }

  /** Adds the time since `from` to `step`; returns the new mark (the next step may start from it). */
  add(step: string, from: Mark): Mark {
    const now = this.mark();
    const entry = (this.steps[step] ??= { cpuMs: 0, wallMs: 0 });
    entry.cpuMs += now.cpu - from.cpu;
    entry.wallMs += now.wall - from.wall;
    return now;
  }

  time<T>(step: string, run: () => T): T {
    const from = this.mark();
    try {
      return run();
    } finally {
      this.add(step, from);
    }
  }

  async timeAsync<T>(step: string, run: () => Promise<T>): Promise<T> {
    const from = this.mark();
    try {
      return await run();
    } finally {
      this.add(step, from);
    }
  }

  /** The steps so far, rounded to 0.1 ms, with `other` (not in a step) and `total` (since creation). */
  result(): StepTimings {
    const now = this.mark();
    const whole = { cpuMs: now.cpu - this.origin.cpu, wallMs: now.wall - this.origin.wall };
    const out: StepTimings = {};
    let cpu = 0;
    let wall = 0;
    for (const [name, time] of Object.entries(this.steps)) {
      out[name] = round(time);
      cpu += time.cpuMs;
      wall += time.wallMs;
    }
    out.other = round({ cpuMs: Math.max(0, whole.cpuMs - cpu), wallMs: Math.max(0, whole.wallMs - wall) });
    out.total = round(whole);
    return out;
  }
}

const round = ({ cpuMs, wallMs }: StepTime): StepTime => ({ cpuMs: Math.round(cpuMs * 10) / 10, wallMs: Math.round(wallMs * 10) / 10 });

/** "probe 0.00/0.00, decode 3.40/3.52, mp3 27.10/27.90, …": CPU/wall seconds per step, for a log line. */
export function formatTimings(timings: StepTimings): string {
  return Object.entries(timings)
    .map(([name, { cpuMs, wallMs }]) => `${name} ${(cpuMs / 1000).toFixed(2)}/${(wallMs / 1000).toFixed(2)}`)
    .join(", ");
}
