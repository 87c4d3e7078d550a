import { parseArgs } from 'node:util';
import { homePaths, hostEnvFromProcess } from '../../host/paths.js';
import { HistoryStore, type HistoryFilter } from '../../host/history/store.js';
import { loadSettings } from '../../host/settings/settings.js';
import { UsageError } from '../output.js';

export async function history(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
      dialect: { type: 'string' },
      event: { type: 'string' },
      rule: { type: 'string' },
      outcome: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      text: { type: 'string' },
      events: { type: 'boolean', default: false },
    },
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0) throw new UsageError('--limit must be a positive whole number');
  const host = hostEnvFromProcess();
  const { settings } = await loadSettings(host);
  const store = new HistoryStore({
    dir: homePaths(host).historyDir,
    maxFileBytes: settings.history.maxFileBytes,
    maxFiles: settings.history.maxFiles,
  });
  const filter: HistoryFilter = {
    dialect: values.dialect,
    event: values.event,
    rule: values.rule,
    outcome: values.outcome,
    text: values.text,
    since: parseTime(values.since, '--since'),
    until: parseTime(values.until, '--until'),
  };
  if (values.events) {
    const list = await store.events(limit, filter);
    if (values.json) process.stdout.write(`${JSON.stringify({ events: list }, null, 2)}\n`);
    else if (!list.length) process.stdout.write('No events recorded yet (or none match).\n');
    else
      for (const e of list)
        process.stdout.write(
          `${e.time}  ${e.dialect.padEnd(6)} ${e.event.padEnd(20)} ${e.decision.padEnd(6)} ${String(e.durationMs).padStart(6)} ms  ${e.dispatchCount} rule(s)${e.reason ? `  — ${e.reason}` : ''}\n`,
        );
    return 0;
  }
  const { dispatches, events } = await store.query(filter, limit);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ dispatches, events: [...events.values()] }, null, 2)}\n`);
    return 0;
  }
  if (!dispatches.length) {
    process.stdout.write('No dispatches recorded yet (or none match).\n');
    return 0;
  }
  for (const d of dispatches) {
    const code = d.timedOut
      ? 'timeout'
      : d.signal
        ? d.signal
        : d.exitCode === null
          ? '-'
          : `exit ${d.exitCode}`;
    process.stdout.write(
      `${d.time}  ${d.dialect.padEnd(6)} ${d.event.padEnd(20)} ${d.outcome.padEnd(8)} ${String(d.durationMs).padStart(6)} ms  ${code.padEnd(8)} ${d.rule}${d.reason ? `  — ${d.reason}` : ''}\n`,
    );
  }
  return 0;
}

/** An ISO time, or a relative one such as 15m, 2h, 7d. */
function parseTime(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const rel = /^(\d+)([smhd])$/.exec(value);
  if (rel)
    return (
      Date.now() - Number(rel[1]) * { s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[rel[2] as 's' | 'm' | 'h' | 'd']
    );
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new UsageError(`${flag} takes an ISO time or a span such as 15m, 2h, 7d`);
  return t;
}
