// A rule that fails most or all of its runs is broken, not unlucky: Rules and Hook cost mark it. A few
// runs say little, so a rule is judged only after FAILING_MIN_RUNS; timeouts count as failures.

export const FAILING_MIN_RUNS = 10;
/** The share of failed runs from which a rule is "mostly failing". */
export const MOSTLY_FAILING_SHARE = 0.5;

export interface FailingMark {
  level: 'always' | 'mostly';
  /** The badge's words. */
  label: string;
  /** One sentence on what happened, for the title and the rule's detail. */
  sentence: string;
}

export function failingMark(runs: number, failed: number, days: number): FailingMark | null {
  if (runs < FAILING_MIN_RUNS || failed < runs * MOSTLY_FAILING_SHARE) return null;
  const range = `in the last ${days} days`;
  if (failed >= runs)
    return {
      level: 'always',
      label: 'fails every run',
      sentence: `It failed all ${runs} of its runs ${range} (failures and timeouts).`,
    };
  return {
    level: 'mostly',
    label: `fails ${Math.round((failed / runs) * 100)}% of runs`,
    sentence: `It failed ${failed} of its ${runs} runs ${range} (failures and timeouts).`,
  };
}
