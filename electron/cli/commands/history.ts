import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';
import { eventVerdict } from '../../../shared/event-verdict.js';
import { ruleText } from '../../../shared/rule-name.js';
import { toCsv, DISPATCH_COLUMNS, EVENT_COLUMNS } from '../../host/history/export.js';
import type { ImportProgress } from '../../host/history/jsonl-import.js';
import { HistoryStore, type HistoryFilter } from '../../host/history/store.js';
import { homePaths, hostEnvFromProcess } from '../../host/paths.js';
import { visibleText } from '../../../shared/visible-text.js';
import { UsageError } from '../output.js';

/** `hookpanel history [options]`, filled from its entry in definitions.ts. */
export interface HistoryInput {
  json?: boolean;
  events?: boolean;
  limit?: string;
  dialect?: string;
  event?: string;
  rule?: string;
  /** One of the outcomes, and --export csv or jsonl: the parser checked them (definitions.ts: strict). */
  outcome?: string;
  workspace?: string;
  since?: string;
  until?: string;
  text?: string;
  export?: 'csv' | 'jsonl';
}

export async function history(values: HistoryInput): Promise<number> {
  const limit = values.limit === undefined ? null : Number(values.limit);
  if (limit !== null && (!Number.isInteger(limit) || limit <= 0))
    throw new UsageError('--limit must be a positive whole number');
  const filter: HistoryFilter = {
    dialect: values.dialect,
    event: values.event,
    rule: values.rule,
    outcome: values.outcome,
    workspace: values.workspace,
    text: values.text,
    since: parseTime(values.since, '--since'),
    until: parseTime(values.until, '--until'),
  };
  const store = new HistoryStore({ dir: homePaths(hostEnvFromProcess()).historyDir });
  try {
    if (store.importPending) await importWithProgress(store);
    const events = !!values.events;
    if (values.export) return await exportRecords(store, values.export, events, filter, limit);
    return await list(store, !!values.json, events, filter, limit ?? 50);
  } finally {
    await store.close();
  }
}

async function list(
  store: HistoryStore,
  json: boolean,
  events: boolean,
  filter: HistoryFilter,
  limit: number,
): Promise<number> {
  if (events) {
    const list = await store.events(limit, filter);
    if (json) process.stdout.write(`${JSON.stringify({ events: list }, null, 2)}\n`);
    else if (!list.length) process.stdout.write('No events recorded yet (or none match).\n');
    else for (const e of list) process.stdout.write(`${visibleText(eventLine(e))}\n`);
    return 0;
  }
  const { dispatches, events: byId } = await store.query(filter, limit);
  if (json) {
    process.stdout.write(`${JSON.stringify({ dispatches, events: [...byId.values()] }, null, 2)}\n`);
    return 0;
  }
  if (!dispatches.length) {
    process.stdout.write('No dispatches recorded yet (or none match).\n');
    return 0;
  }
  // A line is made of what agents and hooks sent (reasons, rule names, events): shown, never obeyed.
  for (const d of dispatches) process.stdout.write(`${visibleText(dispatchLine(d))}\n`);
  return 0;
}

/** A held request not (or not yet) answered says so, rather than the engine's "allow". */
const VERDICT_WORD: Record<string, string> = { waiting: 'waiting', undecided: 'no decision' };

function eventLine(e: EventRecord): string {
  const verdict = eventVerdict(e);
  return `${e.time}  ${e.dialect.padEnd(6)} ${e.event.padEnd(20)} ${(VERDICT_WORD[verdict] ?? verdict).padEnd(6)} ${String(e.durationMs).padStart(6)} ms  ${e.dispatchCount} rule(s)${e.machine ? `  on ${e.machine}` : ''}${e.reason ? `  — ${e.reason}` : ''}`;
}

function dispatchLine(d: DispatchRecord): string {
  const code = d.timedOut
    ? 'timeout'
    : d.signal
      ? d.signal
      : d.exitCode === null
        ? '-'
        : `exit ${d.exitCode}`;
  return `${d.time}  ${d.dialect.padEnd(6)} ${d.event.padEnd(20)} ${d.outcome.padEnd(8)} ${String(d.durationMs).padStart(6)} ms  ${code.padEnd(8)} ${ruleText({ name: d.rule, handler: d.handler, index: d.ruleIndex })}${d.machine ? `  on ${d.machine}` : ''}${d.reason ? `  — ${d.reason}` : ''}`;
}

/** Every matching record (or the newest --limit), oldest first, streamed to stdout. */
async function exportRecords(
  store: HistoryStore,
  format: 'csv' | 'jsonl',
  events: boolean,
  filter: HistoryFilter,
  limit: number | null,
): Promise<number> {
  const columns = events ? EVENT_COLUMNS : DISPATCH_COLUMNS;
  let chunk = format === 'csv' ? `${toCsv(columns.map((c) => c))}\n` : '';
  for (const r of store.iterate(events ? 'events' : 'dispatches', filter, limit)) {
    chunk +=
      format === 'csv'
        ? `${toCsv(columns.map((c) => (r as unknown as Record<string, unknown>)[c]))}\n`
        : `${JSON.stringify(r)}\n`;
    if (chunk.length > 256 * 1024) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  return 0;
}

function write(text: string): Promise<void> {
  if (!text) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const ok = process.stdout.write(text, (e) => (e ? reject(e) : undefined));
    if (ok) resolve();
    else process.stdout.once('drain', resolve);
  });
}

/** The one-time import of the JSON-lines history, with its progress on stderr. */
async function importWithProgress(store: HistoryStore): Promise<void> {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  const show = (p: ImportProgress) => {
    const pct = p.bytesTotal ? Math.floor((100 * p.bytesDone) / p.bytesTotal) : 100;
    const line = `${p.message}: ${pct}% (${p.records.toLocaleString('en')} records)`;
    if (p.state === 'importing' || p.state === 'verifying') {
      if (tty) process.stderr.write(`\r${line}\u001b[K`);
      else if (Math.floor(pct / 10) !== lastTenth) process.stderr.write(`${line}\n`);
      lastTenth = Math.floor(pct / 10);
      return;
    }
    process.stderr.write(`${tty ? '\r\u001b[K' : ''}${p.message}\n`);
  };
  store.on('import', show);
  try {
    const result = await store.importJsonl();
    if (result?.state === 'failed') process.exitCode = 1;
  } finally {
    store.off('import', show);
  }
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
