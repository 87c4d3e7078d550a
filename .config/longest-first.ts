// The order vitest starts files in: the files that take longest from start to end first, then vitest's
// own order (its cache of past durations, else the larger files first). A fresh clone (CI) has no cache,
// and these files are small for what they wait on, so they started last and the Node 24 pass ended on
// them alone: bridge-guards (92 s) and loader-fuzz (86 s) were its last two files in a whole CI run on
// 2 December 2026, for a minute and a half after the rest.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, by their wall time in the Node 24 pass of that run (and of a run alone, with coverage). */
const LONGEST = [
  'test/reliability/bridge-guards.test.ts',
  'test/reliability/loader-fuzz.test.ts',
  'test/integration/connect-command.test.ts',
  'test/reliability/big-file.test.ts',
  'test/integration/remote/remote-ssh.test.ts',
  'test/reliability/disk-full.test.ts',
  'test/integration/trust-scripts.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = LONGEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return i === -1 ? LONGEST.length : i;
    };
    // Within each project (vitest runs them one after the other), the listed files first in their
    // order, the rest as vitest had them (Array.prototype.sort is stable).
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const name = spec.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), spec]);
    }
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
