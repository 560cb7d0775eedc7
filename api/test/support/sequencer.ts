// The order test files start in. Two workers share the files (vitest.config.ts): the few that take
// far longer than the rest start first, longest first, so that the short ones fill in beside them
// and both workers finish together. After them, vitest's own order (failed files first, then by the
// durations of the last run, or by size on a fresh clone).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first (seconds each takes alone on a 2-core machine, for scale; the rest take 0-6). */
const SLOWEST = [
  "test/settlement.test.ts", // ~45: its own chains and indexer, two API processes
  "test/demo-catalog.test.ts", // ~35: synthesizes and processes the whole demo catalog
  "test/vault-backing.test.ts", // ~13: the real indexer, a sequence of chain steps each settled
  "test/audio-streaming.test.ts", // ~10: a 125 s MP3 through the pipeline
  "test/loops.test.ts", // ~7: uploads processed end to end
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/"));
      return index === -1 ? SLOWEST.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
