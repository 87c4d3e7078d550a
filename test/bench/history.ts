// A history query over 1,000,000 records against reading the same bytes bare.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DispatchRecord } from '../../shared/dispatch.js';
import { HistoryStore } from '../../electron/host/history/store.js';
import { benchHome } from './env.js';
import { measure, report } from './measure.js';

const RECORDS = 1_000_000;
const PER_FILE = 100_000;

export async function benchHistory(): Promise<void> {
  console.log(`\nHistory: ${RECORDS.toLocaleString('en')} records`);
  const b = benchHome();
  const dir = join(b.root, 'history');
  await mkdir(dir, { recursive: true });
  try {
    const base: Omit<DispatchRecord, 'id' | 'eventId' | 'time' | 'outcome' | 'rule'> = {
      type: 'dispatch',
      dialect: 'pw',
      event: 'PreToolUse',
      workspace: '/w',
      source: '/home/u/.config/pw/code.json',
      ruleIndex: 0,
      handler: '/bin/true',
      mode: 'blocking',
      pid: 4242,
      durationMs: 3,
      exitCode: 0,
      signal: null,
      timedOut: false,
      groupKilled: false,
      skipReason: null,
      decision: null,
      reason: null,
      stdoutTail: '',
      stderrTail: '',
    };
    const t0 = Date.UTC(2026, 0, 1);
    for (let f = 0; f < RECORDS / PER_FILE; f++) {
      const lines: string[] = [];
      for (let i = f * PER_FILE; i < (f + 1) * PER_FILE; i++) {
        const failed = i % 997 === 0;
        lines.push(
          JSON.stringify({
            ...base,
            id: `d${i}`,
            eventId: `e${i}`,
            time: new Date(t0 + i * 1000).toISOString(),
            rule: `rule-${i % 50}`,
            outcome: failed ? 'failed' : 'ok',
            reason: failed ? 'exit 1: needle' : null,
          }),
        );
      }
      const name =
        f === RECORDS / PER_FILE - 1
          ? 'current.jsonl'
          : `2026-01-01T00-00-${String(f).padStart(2, '0')}-1.jsonl`;
      await writeFile(join(dir, name), `${lines.join('\n')}\n`);
    }
    const store = new HistoryStore({ dir });
    let found = 0;
    const full = await measure(
      'query',
      async () => {
        found = (await store.query({ outcome: 'failed', text: 'needle' }, 1_000_000)).dispatches.length;
      },
      { runs: 3, warmup: 0 },
    );
    const recent = await measure('recent', () => store.query({}, 50), { runs: 9, warmup: 1 });
    const bare = await measure(
      'bare read',
      async () => {
        for (const name of await readdir(dir)) {
          await new Promise<void>((resolve, reject) => {
            const s = createReadStream(join(dir, name), { highWaterMark: 1 << 20 });
            s.on('data', () => {});
            s.on('end', resolve);
            s.on('error', reject);
          });
        }
      },
      { runs: 3, warmup: 1 },
    );
    report(`  full scan with filters (${found} matches)`, full, bare);
    report('  newest 50 dispatches', recent, bare);
  } finally {
    b.cleanup();
  }
}
