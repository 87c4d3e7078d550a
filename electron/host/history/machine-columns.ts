// Schema 5: the machine a record came from (user@host, for an agent reached over ssh) in a column of its
// own, indexed, so History's filter by machine reads an index rather than every record's JSON; and the
// daily cost histograms kept per machine, so Hook cost can say what each machine's hooks cost. Records
// of this computer have no machine (null in the records' tables, '' in cost_daily's key).
import { costDailyTable } from './cost-rows.js';
import type { Db } from './schema.js';

/** Only the few rows of other machines are in them; this computer's are read through the time index. */
export const MACHINE_INDEXES = `
CREATE INDEX IF NOT EXISTS dispatches_machine ON dispatches (machine, time) WHERE machine IS NOT NULL;
CREATE INDEX IF NOT EXISTS events_machine ON events (machine, time) WHERE machine IS NOT NULL;
`;

function hasColumn(db: Db, table: string, column: string): boolean {
  return (
    (db.prepare(`SELECT 1 FROM pragma_table_info(?) WHERE name = ?`).raw().all(table, column) as unknown[])
      .length > 0
  );
}

/**
 * Gives an older file's tables their machine columns, inside the migration's transaction: adding a column
 * rewrites no row (https://sqlite.org/lang_altertable.html#altertabaddcol); cost_daily, whose key gains
 * the column, is copied whole (one row per day, rule and duration bucket: thousands, not millions), every
 * row as this computer's until backfill.ts moves other machines' records' share. Returns whether columns
 * were added (a file that has them already needs no backfill).
 */
export function addMachineColumns(db: Db): boolean {
  if (hasColumn(db, 'dispatches', 'machine')) return false;
  db.exec('ALTER TABLE dispatches ADD COLUMN machine TEXT');
  db.exec('ALTER TABLE events ADD COLUMN machine TEXT');
  if (!hasColumn(db, 'cost_daily', 'machine')) {
    db.exec(`
      ${costDailyTable('cost_daily_5')}
      INSERT INTO cost_daily_5 (day, scope, dialect, event, source, name, awaited, bucket, n, failures, timeouts,
        total_ms)
      SELECT day, scope, dialect, event, source, name, awaited, bucket, n, failures, timeouts, total_ms
      FROM cost_daily;
      DROP TABLE cost_daily;
      ALTER TABLE cost_daily_5 RENAME TO cost_daily;
    `);
  }
  return true;
}
