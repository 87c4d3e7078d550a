// A large history for benchmarks, made inside SQLite (a million records through the writer would take
// minutes): one event per dispatch, 50 rules (each running a command of its own, check-N, which names it
// in the panel), two agents, two workspaces, a failure every 997 records whose reason holds the word
// "needle", 10,000 sessions, one record in 100 from another machine (me@devbox), and the search index,
// sessions and daily cost histograms filled alike.
import { openHistoryDb } from '../../electron/host/history/schema.js';
import { backfillSessions } from '../../electron/host/history/sessions.js';
import { join } from 'node:path';

export const T0 = Date.UTC(2026, 0, 1);
/** The other machine one record in 100 came from. */
export const MACHINE = 'me@devbox';

/** 10,000 sessions of about 100 events each, and one, `long`, of one event in 1,000 (1,000 at a million). */
const SESSION_ID = "CASE WHEN seq % 1000 = 7 THEN 'long' ELSE 's' || (seq % 10000) END";

export function makeHistory(dir: string, count: number, opts: { spanMs?: number } = {}): void {
  const db = openHistoryDb(join(dir, 'history.db'));
  const step = Math.max(1, Math.floor((opts.spanMs ?? count * 1000) / count));
  const start = (opts.spanMs ? Date.now() - opts.spanMs : T0) as number;
  try {
    db.exec('BEGIN');
    db.exec(`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${count})
      INSERT INTO dispatches (id, event_id, time, dialect, event, workspace, source, rule, outcome, duration_ms,
        awaited, record)
      SELECT 'd' || i, 'e' || i, ${start} + i * ${step},
        CASE WHEN i % 10 = 0 THEN 'io' ELSE 'pw' END,
        CASE WHEN i % 10 = 0 THEN 'before_tool' WHEN i % 2 THEN 'PreToolUse' ELSE 'Stop' END,
        CASE WHEN i % 3 = 0 THEN '/w2' ELSE '/w' END,
        '/home/u/.config/pw/code.json', 'rule-' || (i % 50),
        CASE WHEN i % 997 = 0 THEN 'failed' ELSE 'ok' END, 2 + i % 30, 1,
        json_object('type', 'dispatch', 'id', 'd' || i, 'eventId', 'e' || i,
          'time', strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + i * ${step}) / 1000.0, 'unixepoch'),
          'dialect', CASE WHEN i % 10 = 0 THEN 'io' ELSE 'pw' END,
          'event', CASE WHEN i % 10 = 0 THEN 'before_tool' WHEN i % 2 THEN 'PreToolUse' ELSE 'Stop' END,
          'workspace', CASE WHEN i % 3 = 0 THEN '/w2' ELSE '/w' END,
          'source', '/home/u/.config/pw/code.json', 'rule', 'rule-' || (i % 50), 'ruleIndex', 0,
          'handler', '/usr/local/bin/check-' || (i % 50), 'mode', 'blocking', 'pid', 100 + i, 'durationMs', 2 + i % 30,
          'exitCode', CASE WHEN i % 997 = 0 THEN 1 ELSE 0 END, 'signal', NULL, 'timedOut', json('false'),
          'groupKilled', json('false'), 'outcome', CASE WHEN i % 997 = 0 THEN 'failed' ELSE 'ok' END,
          'skipReason', NULL, 'decision', NULL,
          'reason', CASE WHEN i % 997 = 0 THEN 'exit 1: needle in the output' ELSE NULL END,
          'stdoutTail', 'checked ' || (i % 40) || ' files', 'stderrTail', '')
      FROM n;
    `);
    db.exec(`
      INSERT INTO events (id, time, dialect, event, workspace, session, tool, decision, duration_ms, turn_done, record)
      SELECT event_id, time, dialect, event, workspace, dialect || char(0) || ${SESSION_ID},
        CASE WHEN event = 'Stop' THEN NULL ELSE 'Bash' END, 'allow', duration_ms + 1, event = 'Stop',
        json_object('type', 'event', 'id', event_id, 'time', json_extract(record, '$.time'), 'dialect', dialect,
          'event', event, 'workspace', workspace, 'sessionId', ${SESSION_ID}, 'payloadDigest', 'x',
          'payload', json_object('tool_name', 'Bash', 'tool_input', json_object('command', 'ls -la src/' || seq)),
          'payloadTruncated', json('false'), 'decision', 'allow', 'reason', NULL, 'durationMs', duration_ms + 1,
          'dispatchCount', 1, 'untrustedSkips', 0)
      FROM dispatches;
    `);
    // One event and its rule run in 100 came from another machine, in their record and its column.
    db.exec(`
      UPDATE dispatches SET machine = '${MACHINE}', record = json_set(record, '$.machine', '${MACHINE}')
        WHERE seq % 100 = 2;
      UPDATE events SET machine = '${MACHINE}', record = json_set(record, '$.machine', '${MACHINE}')
        WHERE seq % 100 = 2;
    `);
    db.exec(`
      INSERT INTO dispatch_text (rowid, rule, source, handler, event, reason, stdout, stderr)
      SELECT seq, rule, source, json_extract(record, '$.handler'), event, coalesce(json_extract(record, '$.reason'), ''),
        json_extract(record, '$.stdoutTail'), '' FROM dispatches;
      INSERT INTO event_text (rowid, event, reason, payload)
      SELECT seq, event, '', json_extract(record, '$.payload') FROM events;
      INSERT OR IGNORE INTO rule_names (rule, dialect) SELECT DISTINCT rule, dialect FROM dispatches;
      INSERT OR IGNORE INTO workspace_names (workspace)
      SELECT DISTINCT workspace FROM events WHERE workspace IS NOT NULL;
    `);
    backfillSessions(db);
    db.exec('COMMIT');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}
