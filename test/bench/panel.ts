// History with 1,000,000 dispatches in the panel (browser mode, the e2e tier's Chromium): time to first
// render and to apply each filter, against the same with 100 dispatches. Goal (issue 14): ≤ 300 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from '../e2e/chromium.js';
import { benchHome } from './env.js';
import { makeHistory } from './history-data.js';
import { report } from './measure.js';

const CLI = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'electron', 'cli', 'main.js');

type Timings = { firstRender: number; outcome: number; text: number; rule: number };

async function timeHistory(chromiumPath: string, count: number): Promise<Timings> {
  const b = benchHome();
  makeHistory(join(b.env.HOOKPANEL_HOME!, 'history'), count, { spanMs: 30 * 86_400_000 });
  // Room for all of it: retention must not trim the history being measured.
  b.write('hp/settings.json', JSON.stringify({ history: { maxBytes: 64 * 1024 ** 3 } }));
  const serve = spawn(process.execPath, [CLI, 'serve', '--project', join(b.root, 'ws')], {
    env: b.env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  serve.stdout!.on('data', (d) => (out += d));
  for (let i = 0; i < 400 && !/Panel: \S+/.test(out); i++) await new Promise((r) => setTimeout(r, 25));
  const url = /Panel: (\S+)/.exec(out)![1]!;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Rules' }).waitFor();
    const t0 = performance.now();
    await page.getByRole('tab', { name: /History/ }).click();
    await page.getByRole('row').first().waitFor();
    const t1 = performance.now();
    // Each filter: from the change until every row shown matches (the page's CSP forbids eval, so
    // poll with locators rather than a function string).
    const until = async (ok: (rows: string[]) => boolean) => {
      const t0 = performance.now();
      for (;;) {
        const rows = await page.getByRole('row').allTextContents();
        if (rows.length && ok(rows)) return performance.now() - t0;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await page.getByRole('combobox', { name: 'outcome' }).selectOption('failed');
    const outcome = await until((rows) => rows.every((r) => r.includes('failed')));
    await page.getByRole('combobox', { name: 'outcome' }).selectOption('');
    await until((rows) => rows.some((r) => r.includes('ok')));
    await page.getByRole('searchbox', { name: 'search text' }).fill('needle');
    const text = await until((rows) => rows.every((r) => r.includes('failed')));
    await page.getByRole('searchbox', { name: 'search text' }).fill('');
    await until((rows) => rows.some((r) => r.includes('ok')));
    await page.getByRole('textbox', { name: 'rule' }).fill('rule-7');
    const rule = await until((rows) => rows.every((r) => r.includes('rule-7')));
    return { firstRender: t1 - t0, outcome, text, rule };
  } finally {
    await browser.close();
    serve.kill('SIGTERM');
    b.cleanup();
  }
}

export async function benchPanel(): Promise<void> {
  console.log('\nPanel: History view (browser mode)');
  let chromiumPath: string;
  try {
    chromiumPath = (await findChromium()).path;
  } catch (e) {
    console.log(`  skipped: ${(e as Error).message}`);
    return;
  }
  const small = await timeHistory(chromiumPath, 100);
  const big = await timeHistory(chromiumPath, 1_000_000);
  const base = (ms: number) => ({ name: '100 dispatches', medianMs: ms });
  for (const [key, title] of [
    ['firstRender', 'time to first render'],
    ['outcome', 'filter by outcome'],
    ['text', 'full-text search'],
    ['rule', 'filter by rule'],
  ] as const) {
    report(`  1,000,000 dispatches: ${title}`, { name: '1M', medianMs: big[key] }, base(small[key]));
    console.log(`    goal ≤ 300 ms: ${big[key] <= 300 ? 'met' : 'NOT met'}`);
  }
}
