// Rules that fail most or all of their recent runs, from Hook cost's per-rule figures: a badge in Rules
// (and a line in a rule's detail). Hook cost marks its own rows from the report it already has.
import { useEffect } from 'react';
import { create } from 'zustand';
import { failingMark, type FailingMark } from '../../../shared/failing.js';
import type { CostReport } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { Badge } from './bits.js';
import { unchanged } from './unchanged.js';

/** The range Rules judges a rule over (Hook cost uses the range chosen there). */
const RULES_DAYS = 7;

const useRecentRuns = create<{ rules: CostReport['rules'] }>(() => ({ rules: [] }));

/** Keeps the recent figures fresh while Rules is shown (new runs arrive all the time). */
export function useRecentRunsLoader(): void {
  useEffect(() => {
    const load = () =>
      void api.request('history:cost', { days: RULES_DAYS }).then(
        (r) => useRecentRuns.setState((shown) => ({ rules: unchanged(shown.rules, r.rules) })),
        () => undefined, // Rules works without history; Hook cost says what went wrong.
      );
    load();
    const t = setInterval(load, 5000);
    return () => clearInterval(t);
  }, []);
}

export function markOf(r: Pick<CostReport['rules'][number], 'runs' | 'failures' | 'timeouts'>, days: number) {
  return failingMark(r.runs, r.failures + r.timeouts, days);
}

function useFailing(source: string, rule: string): FailingMark | null {
  const r = useRecentRuns((s) => s.rules.find((x) => x.source === source && x.rule === rule));
  return r ? markOf(r, RULES_DAYS) : null;
}

export function FailingBadge({ mark }: { mark: FailingMark }) {
  return (
    <Badge kind={mark.level === 'always' ? 'error' : 'warn'} title={mark.sentence}>
      {mark.label}
    </Badge>
  );
}

/** The badge on a rule's row in Rules. */
export function RuleFailingMark({ source, rule }: { source: string; rule: string }) {
  const mark = useFailing(source, rule);
  return mark ? <FailingBadge mark={mark} /> : null;
}

/** The line in a rule's detail, with what to look at. */
export function RuleFailingDetail({ source, rule }: { source: string; rule: string }) {
  const mark = useFailing(source, rule);
  if (!mark) return null;
  return (
    <>
      <dt>Recent runs</dt>
      <dd>
        <div role="status">
          <FailingBadge mark={mark} /> {mark.sentence} History shows each run's exit code and output.
        </div>
      </dd>
    </>
  );
}
