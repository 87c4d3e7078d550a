// What hooks cost: per agent and per rule, the time they add to each tool call and each turn (p50/p95 per
// day), their failures and timeouts, and each rule against its latency budget.
import type { ChartConfiguration } from 'chart.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DIALECT_MANIFESTS, type Dialect } from '../../../shared/dialects.js';
import type { CostReport } from '../../../shared/ipc.js';
import { api } from '../client.js';
import { cut, ruleLabel } from '../../../shared/rule-name.js';
import { Badge, Empty, ErrorBox } from '../components/bits.js';
import { agentLabel, useRuleOf } from '../components/names.js';
import { RuleRow, ruleRowKey } from '../components/RuleRow.js';
import { ChartCanvas, type Theme } from '../components/Chart.js';
import { useStoreParts } from '../store.js';
import { BudgetInput, flagOf } from './Budget.js';
import { FailingBadge, markOf } from '../components/FailingMark.js';
import type { FailingMark } from '../../../shared/failing.js';
import { counted } from '../components/counted.js';
import { duration } from '../components/duration.js';
import { useMachines } from '../components/use-machines.js';
import { unchanged } from '../components/unchanged.js';
import { MachineSelect, machineName } from '../components/MachineSelect.js';
import { useLatestRead } from '../components/latest-read.js';

const RANGES = [7, 30, 90];

const shortDay = (day: string) => day.slice(5);

function percentileChart(report: CostReport, key: 'tool' | 'turn') {
  // A line needs two days to be a line; before that, the one day's bars read where a lone dot would not.
  const withData = report.daily.filter((d) => d[key].count > 0);
  const lined = withData.length !== 1;
  const daily = lined ? report.daily : withData;
  return (t: Theme): ChartConfiguration => ({
    type: lined ? 'line' : 'bar',
    data: {
      labels: daily.map((d) => shortDay(d.day)),
      datasets: [
        {
          label: 'p50',
          data: daily.map((d) => d[key].p50Ms),
          borderColor: t.accent,
          backgroundColor: t.accent,
          spanGaps: true,
        },
        {
          label: 'p95',
          data: daily.map((d) => d[key].p95Ms),
          borderColor: t.warn,
          backgroundColor: t.warn,
          borderDash: [6, 4],
          spanGaps: true,
        },
      ],
    },
    options: {
      scales: { y: { beginAtZero: true, title: { display: true, text: 'ms' } } },
      plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${duration(c.parsed.y)}` } } },
    },
  });
}

function failuresChart(report: CostReport) {
  return (t: Theme): ChartConfiguration => ({
    type: 'bar',
    data: {
      labels: report.daily.map((d) => shortDay(d.day)),
      datasets: [
        { label: 'failures', data: report.daily.map((d) => d.failures), backgroundColor: t.err },
        { label: 'timeouts', data: report.daily.map((d) => d.timeouts), backgroundColor: t.warn },
      ],
    },
    options: {
      scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
    },
  });
}

function rulesChart(rules: CostReport['rules'], title: (r: CostReport['rules'][number]) => string) {
  const over = (r: CostReport['rules'][number]) => r.budgetMs !== null && (r.added.p95Ms ?? 0) > r.budgetMs;
  return (t: Theme): ChartConfiguration => ({
    type: 'bar',
    data: {
      labels: rules.map(title),
      datasets: [
        {
          label: 'p95 added (red: over its budget)',
          data: rules.map((r) => r.added.p95Ms ?? 0),
          backgroundColor: rules.map((r) => (over(r) ? t.err : t.accent)),
        },
      ],
    },
    options: {
      indexAxis: 'y',
      scales: { x: { beginAtZero: true, title: { display: true, text: 'ms' } } },
      plugins: {
        tooltip: {
          callbacks: {
            label: (c) => {
              const r = rules[c.dataIndex]!;
              return `p95 ${duration(c.parsed.x)} · budget ${r.budgetMs === null ? 'none' : duration(r.budgetMs)}`;
            },
          },
        },
      },
    },
  });
}

export function CostView() {
  const { budgetFlags, historyImport } = useStoreParts('budgetFlags', 'historyImport');
  const [days, setDays] = useState(7);
  const [dialect, setDialect] = useState<string>('');
  const [machine, setMachine] = useState<string | undefined>(undefined);
  const [report, setReport] = useState<CostReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The figures of the filters picked last: a read for the ones before (a refresh, say) may end after.
  const latest = useLatestRead();
  const load = useCallback(async () => {
    const read = latest.begin();
    try {
      const r = await api.request('history:cost', {
        days,
        ...(dialect ? { dialect: dialect as Dialect } : {}),
        ...(machine ? { machine } : {}),
      });
      if (!latest.isLatest(read)) return;
      setReport((shown) => unchanged(shown, r));
      setError(null);
    } catch (e) {
      if (latest.isLatest(read)) setError(`Could not read what hooks cost: ${(e as Error).message}`);
    }
  }, [days, dialect, machine, latest]);
  useEffect(() => void load(), [load, budgetFlags]);
  useEffect(() => {
    // New records change today's figures: refresh at most every few seconds.
    const t = setInterval(() => void load(), 5000);
    return () => clearInterval(t);
  }, [load]);
  const tool = useMemo(() => report && percentileChart(report, 'tool'), [report]);
  const turn = useMemo(() => report && percentileChart(report, 'turn'), [report]);
  const failures = useMemo(() => report && failuresChart(report), [report]);
  const topRules = useMemo(() => report?.rules.filter((r) => r.added.count).slice(0, 12) ?? [], [report]);
  const machines = useMachineChoices(report);
  const ruleOf = useRuleOf();
  const titleOf = (r: CostReport['rules'][number]) => {
    const rule = ruleOf(r.source, r.rule);
    return cut(ruleLabel({ name: r.rule, handler: rule?.handler ?? r.rule }).title, 32);
  };
  // The chart is made again only when its rules change (the titles are read as it is made).
  const rules = useMemo(() => topRules.length && rulesChart(topRules, titleOf), [topRules]);

  return (
    <section className="cost" aria-label="what hooks cost">
      <div className="toolbar">
        <select aria-label="range" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {RANGES.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
        <select aria-label="agent" value={dialect} onChange={(e) => setDialect(e.target.value)}>
          <option value="">All agents</option>
          {DIALECT_MANIFESTS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <MachineSelect machines={machines} value={machine} onChange={setMachine} />
        <span className="muted">
          Time the agent waited on hooks. Percentiles come from daily histograms (within 4%). Waiting for your
          answer (Ask me) is your time, not a hook's: it is in History, not here.
        </span>
      </div>
      {historyImport && historyImport.state !== 'done' && (
        <div className="note" role="status">
          {historyImport.message}; the figures fill in as it goes.
        </div>
      )}
      {error && <ErrorBox message={error} />}
      {report && !report.agents.length ? (
        <Empty title="No hook has run in this range">
          Once agents send their events, the time each hook adds shows here per tool call and per turn.
        </Empty>
      ) : null}
      {report && report.agents.length ? (
        <>
          <FailingRules rules={report.rules} days={days} title={titleOf} />
          {report.machines.length > 1 && <MachinesTable machines={report.machines} />}
          <table className="agents" aria-label="cost per agent">
            <TallyHead first="agent" />
            <tbody>
              {report.agents.map((a) => (
                <tr key={a.dialect}>
                  <td>{agentLabel(a.dialect)}</td>
                  <Tally of={a} />
                </tr>
              ))}
            </tbody>
          </table>
          <div className="charts">
            <figure>
              <figcaption>Time hooks add per tool call, per day</figcaption>
              {tool && <ChartCanvas config={tool} label="p50 and p95 per tool call, per day" />}
            </figure>
            <figure>
              <figcaption>Time hooks add per turn, per day</figcaption>
              {turn && <ChartCanvas config={turn} label="p50 and p95 per turn, per day" />}
            </figure>
            <figure>
              <figcaption>Failures and timeouts, per day</figcaption>
              {failures && <ChartCanvas config={failures} label="failures and timeouts per day" />}
            </figure>
            <figure>
              <figcaption>Slowest rules: p95 added</figcaption>
              {rules ? (
                <ChartCanvas config={rules} label="p95 added per rule" />
              ) : (
                <p className="muted">No rule the agent waited on ran in this range.</p>
              )}
            </figure>
          </div>
          <table className="rules-cost" aria-label="cost per rule">
            <thead>
              <tr>
                <th>rule</th>
                <th>agent</th>
                <th>events</th>
                <th>runs</th>
                <th>p50 added</th>
                <th>p95 added</th>
                <th>failures</th>
                <th>timeouts</th>
                <th>budget (ms)</th>
              </tr>
            </thead>
            <tbody>
              {report.rules.map((r) => {
                const flag = flagOf(budgetFlags, r.source, r.rule);
                const failing = markOf(r, days);
                const rule = ruleOf(r.source, r.rule);
                return (
                  <RuleRow
                    key={ruleRowKey(r)}
                    className={flag || failing?.level === 'always' ? 'over' : ''}
                    of={r}
                    handler={rule?.handler ?? r.rule}
                    index={rule?.index}
                  >
                    <td>{r.events.join(', ')}</td>
                    <td>{r.runs}</td>
                    <td>{duration(r.added.p50Ms)}</td>
                    <td>
                      {duration(r.added.p95Ms)} {flag && <Badge kind="error">over budget</Badge>}
                    </td>
                    <td>
                      {r.failures} {failing && <FailingBadge mark={failing} />}
                    </td>
                    <td>{r.timeouts}</td>
                    <td>
                      <BudgetInput
                        source={r.source}
                        rule={r.rule}
                        fallback={r.budgetMs}
                        label={rule ? ruleLabel(rule).title : r.rule}
                      />
                    </td>
                  </RuleRow>
                );
              })}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

/** The machines to filter by, by name: each one added, and any the figures name (one removed since). */
function useMachineChoices(report: CostReport | null): string[] {
  const { machines } = useMachines();
  return [
    ...new Set([
      ...(machines ?? []).map((m) => m.target),
      ...(report?.machines ?? []).map((m) => m.machine).filter((m): m is string => !!m),
    ]),
  ].sort();
}

/** What hooks cost on each machine, the costliest first: shown once there is more than this computer. */
function MachinesTable({ machines }: { machines: CostReport['machines'] }) {
  return (
    <table className="agents" aria-label="cost per machine">
      <TallyHead first="machine" />
      <tbody>
        {machines.map((m) => (
          <tr key={m.machine ?? ''}>
            <td>{machineName(m.machine)}</td>
            <Tally of={m} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TallyHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th>{first}</th>
        <th>per tool call p50</th>
        <th>p95</th>
        <th>per turn p50</th>
        <th>p95</th>
        <th>runs</th>
        <th>failures</th>
        <th>timeouts</th>
      </tr>
    </thead>
  );
}

/** A row's figures: per tool call and per turn (p50, p95), runs, failures, timeouts. */
function Tally({ of }: { of: CostReport['agents'][number] | CostReport['machines'][number] }) {
  return (
    <>
      <td>{duration(of.tool.p50Ms)}</td>
      <td>{duration(of.tool.p95Ms)}</td>
      <td>{duration(of.turn.p50Ms)}</td>
      <td>{duration(of.turn.p95Ms)}</td>
      <td>{of.runs}</td>
      <td>{of.failures}</td>
      <td>{of.timeouts}</td>
    </>
  );
}

/** The rules that fail most or all of their runs, named above the table so they are not missed. */
function FailingRules({
  rules,
  days,
  title,
}: {
  rules: CostReport['rules'];
  days: number;
  title: (r: CostReport['rules'][number]) => string;
}) {
  const failing = rules
    .map((r) => ({ r, mark: markOf(r, days) }))
    .filter((x): x is { r: CostReport['rules'][number]; mark: FailingMark } => x.mark !== null)
    .sort((a, b) => Number(b.mark.level === 'always') - Number(a.mark.level === 'always'));
  if (!failing.length) return null;
  return (
    <div className="note failing-rules" role="status" aria-label="rules that keep failing">
      <strong>
        {counted(failing.length, 'rule')} {failing.length === 1 ? 'fails most of its' : 'fail most of their'}{' '}
        runs:
      </strong>
      <ul>
        {failing.map(({ r, mark }) => (
          <li key={ruleRowKey(r)}>
            <FailingBadge mark={mark} /> <span className="cmd">{title(r)}</span> ({agentLabel(r.dialect)}):{' '}
            {mark.sentence}
          </li>
        ))}
      </ul>
    </div>
  );
}
