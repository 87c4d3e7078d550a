// When each agent last sent an event: the Agents view's "live · last event 3 min ago", and whether a
// connected agent's events arrive at all (shared/agent-live.ts). Read per agent from its (dialect, time)
// index, newest first, so an agent that was quiet while another sent thousands of events is still seen.
import type { Db } from './schema.js';

/**
 * The time (ISO 8601) of each of these agents' newest event, `leaveOut`'s events (by id) aside; an agent
 * with none is not in the answer.
 */
export function lastEventTimes(
  db: Db,
  dialects: readonly string[],
  leaveOut: readonly string[],
): Record<string, string> {
  const newest = db.prepare(
    `SELECT time FROM events WHERE dialect = ? AND id NOT IN (SELECT value FROM json_each(?))
     ORDER BY time DESC LIMIT 1`,
  );
  const ids = JSON.stringify(leaveOut);
  const out: Record<string, string> = {};
  for (const dialect of dialects) {
    const row = newest.get(dialect, ids) as { time: number } | undefined;
    if (row) out[dialect] = new Date(row.time).toISOString();
  }
  return out;
}
