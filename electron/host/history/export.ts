// The columns of `hookpanel history --export csv`: every field of the record, in the record's order.
import type { DispatchRecord, EventRecord } from '../../../shared/dispatch.js';

export const DISPATCH_COLUMNS: readonly (keyof DispatchRecord)[] = [
  'type',
  'id',
  'eventId',
  'time',
  'dialect',
  'event',
  'workspace',
  'source',
  'rule',
  'ruleIndex',
  'handler',
  'mode',
  'pid',
  'durationMs',
  'exitCode',
  'signal',
  'timedOut',
  'groupKilled',
  'outcome',
  'skipReason',
  'decision',
  'reason',
  'stdoutTail',
  'stderrTail',
];

export const EVENT_COLUMNS: readonly (keyof EventRecord)[] = [
  'type',
  'id',
  'time',
  'dialect',
  'event',
  'workspace',
  'sessionId',
  'payloadDigest',
  'payload',
  'payloadTruncated',
  'decision',
  'reason',
  'durationMs',
  'dispatchCount',
  'untrustedSkips',
  'held',
];

/** One CSV row (RFC 4180): fields with a comma, quote or line break are quoted; objects as JSON. */
export function toCsv(values: readonly unknown[]): string {
  return values
    .map((v) => {
      const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}
