// Where one event's time goes: the marks util/phase-trace.ts publishes, gathered over a run of events
// sent one at a time, as each step's median (the time from the previous mark to its own).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { PHASE_CHANNEL, PHASES } from '../../electron/host/util/phase-trace.js';
import { median } from './measure.js';

interface Mark {
  phase: string;
  at: number;
}

export interface Breakdown {
  /** Each step's median in ms, in the order an event passes them; steps no event passed are absent. */
  steps: [string, number][];
  /** Median from the event's start to its `until` mark. */
  total: number;
}

/**
 * Runs `one` `runs` times after `warmup` (one event each) and takes each step's median. The event
 * starts at its `arrived` mark (an event through the socket) or, without one, when `one` is called.
 */
export async function phaseBreakdown(
  one: () => Promise<unknown>,
  opts: { runs: number; warmup: number; until: string },
): Promise<Breakdown> {
  let marks: Mark[] = [];
  const onMark = (m: unknown) => void marks.push(m as Mark);
  const steps = new Map<string, number[]>(PHASES.map((p) => [p, []]));
  const totals: number[] = [];
  subscribe(PHASE_CHANNEL, onMark);
  try {
    for (let i = 0; i < opts.warmup + opts.runs; i++) {
      marks = [];
      const called = performance.now();
      await one();
      if (i < opts.warmup) continue;
      // A mark from the event before (its record step runs after its caller had the answer) is not this one's.
      marks = marks.filter((m) => m.at >= called);
      const start = marks.find((m) => m.phase === 'arrived')?.at ?? called;
      let last = start;
      for (const m of marks) {
        // Before this event arrived: the previous event's record step, late.
        if (m.phase === 'arrived' || m.at < start || !steps.has(m.phase)) continue;
        steps.get(m.phase)!.push(m.at - last);
        last = m.at;
      }
      const end = marks.find((m) => m.phase === opts.until);
      if (!end) throw new Error(`no ${opts.until} mark: the event did not reach that step`);
      totals.push(end.at - start);
    }
  } finally {
    unsubscribe(PHASE_CHANNEL, onMark);
  }
  return {
    steps: [...steps].filter(([, xs]) => xs.length).map(([p, xs]) => [p, median(xs)]),
    total: median(totals),
  };
}

/** What each step holds, as the breakdowns print it. */
export const STEP_MEANING: Record<string, string> = {
  read: 'the body read off the socket',
  parse: 'the payload checked and parsed',
  plan: 'the sources looked up (cache) and the rules matched',
  prepare: "the dispatch's pass, the hook's environment, its tree tracked",
  spawn: 'the spawn (until the exec), the group leader recorded',
  wait: 'until the hook process exits',
  settle: 'until its stdout and stderr are closed and read',
  verdict: "the dialect's reading of its result, the decision",
  keep: 'the records and the answer made, the records appended to the spool (durable)',
  answer: 'the answer checked and written to the socket',
  record: 'after the answer: records handed to the history worker',
};

export function printBreakdown(title: string, b: Breakdown, totalMeaning: string): void {
  console.log(title);
  for (const [phase, ms] of b.steps)
    console.log(`    ${phase.padEnd(9)} ${ms.toFixed(2).padStart(7)}  ${STEP_MEANING[phase] ?? ''}`);
  console.log(`    ${'total'.padEnd(9)} ${b.total.toFixed(2).padStart(7)}  ${totalMeaning}`);
}
