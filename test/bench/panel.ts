// History with 100,000 dispatches in the panel (browser mode, the e2e tier's Chromium): time to first
// render and to apply a filter, against the same with 100 dispatches.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from '../e2e/chromium.js';
import { benchHome } from './env.js';
import { report } from './measure.js';

const CLI = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'electron', 'cli', 'main.js');

async function writeHistory(dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const t0 = Date.now() - count * 1000;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const failed = i % 50 === 0;
    const time = new Date(t0 + i * 1000).toISOString();
    lines.push(
      JSON.stringify({
        type: 'dispatch',
        id: `d${i}`,
        eventId: `e${i}`,
        time,
        dialect: 'pw',
        event: i % 2 ? 'PreToolUse' : 'Stop',
        workspace: '/w',
        source: '/home/u/.config/pw/code.json',
        rule: `rule-${i % 40}`,
        ruleIndex: 0,
        handler: '/bin/true',
        mode: 'blocking',
        pid: 100 + i,
        durationMs: 2 + (i % 30),
        exitCode: failed ? 1 : 0,
        signal: null,
        timedOut: false,
        groupKilled: false,
        outcome: failed ? 'failed' : 'ok',
        skipReason: null,
        decision: null,
        reason: failed ? 'exit 1' : null,
        stdoutTail: '',
        stderrTail: '',
      }),
    );
    lines.push(
      JSON.stringify({
        type: 'event',
        id: `e${i}`,
        time,
        dialect: 'pw',
        event: i % 2 ? 'PreToolUse' : 'Stop',
        workspace: '/w',
        sessionId: 's',
        payloadDigest: 'x',
        payload: { i },
        payloadTruncated: false,
        decision: 'allow',
        reason: null,
        durationMs: 3,
        dispatchCount: 1,
        untrustedSkips: 0,
      }),
    );
  }
  await writeFile(join(dir, 'current.jsonl'), `${lines.join('\n')}\n`);
}

async function timeHistory(
  executablePath: string,
  count: number,
): Promise<{ firstRender: number; filter: number }> {
  const b = benchHome();
  await writeHistory(join(b.env.HOOKPANEL_HOME!, 'history'), count);
  const serve = spawn(process.execPath, [CLI, 'serve', '--project', join(b.root, 'ws')], {
    env: b.env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  serve.stdout!.on('data', (d) => (out += d));
  for (let i = 0; i < 400 && !/Panel: \S+/.test(out); i++) await new Promise((r) => setTimeout(r, 25));
  const url = /Panel: (\S+)/.exec(out)![1]!;
  const browser = await chromium.launch({
    executablePath,
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
    await page.getByRole('combobox', { name: 'outcome' }).selectOption('failed');
    // The page's CSP forbids eval, so poll with locators rather than a function string.
    for (;;) {
      const rows = await page.getByRole('row').allTextContents();
      if (rows.length && rows.every((r) => r.includes('failed'))) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const t2 = performance.now();
    return { firstRender: t1 - t0, filter: t2 - t1 };
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
  const big = await timeHistory(chromiumPath, 100_000);
  report(
    '  100,000 dispatches: time to first render',
    { name: '100k', medianMs: big.firstRender },
    { name: '100 dispatches', medianMs: small.firstRender },
  );
  report(
    '  100,000 dispatches: time to apply a filter',
    { name: '100k', medianMs: big.filter },
    { name: '100 dispatches', medianMs: small.filter },
  );
}
