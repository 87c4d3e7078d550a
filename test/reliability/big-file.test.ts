// A huge hook file in one workspace is parsed on a worker, within a time bound, so
// another workspace's guard keeps answering, and answering right, while it loads.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { dialectModule } from '../../electron/host/dialects/registry.js';
import { loadCandidate } from '../../electron/host/sources/load.js';
import { OFF_THREAD_BYTES } from '../../electron/host/sources/off-thread.js';
import { validateText } from '../../electron/host/sources/validate.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { bigChrysFile, guardWhileBigFileLoads } from './big-file-trials.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

test("workspace A's guard keeps blocking while B's 40k-key hooks.yaml loads, round after round", async () => {
  env = makeEnv();
  const figures = await guardWhileBigFileLoads(env, { keys: 40_000, rounds: 3 });
  expect(figures.wrong).toBe(0);
  // Parsed on the host's own thread, B's file held A's events for the whole parse, most of its load:
  // here A answers throughout, never silent for half of it (a ratio within the run, not a deadline).
  for (const round of figures.rounds) {
    expect(round.answers).toBeGreaterThanOrEqual(3);
    expect(round.longestSilenceMs / round.loadMs).toBeLessThan(0.5);
  }
  // Never trusted: whether it loaded (dormant) or went over the time bound (invalid), nothing runs.
  expect(['dormant', 'invalid']).toContain(figures.bigState);
});

test('a file over the time bound is one error naming the file and what to do, not a hang', async () => {
  env = makeEnv();
  const other = join(env.root, 'other');
  const path = join(other, '.chrys', 'hooks', 'hooks.yaml');
  mkdirSync(join(other, '.chrys', 'hooks'), { recursive: true });
  writeFileSync(path, bigChrysFile(100_000, 0));
  const r = await runCli(['check', '--project', other], {
    env: { ...env.processEnv, HOOKPANEL_PARSE_SECONDS: '0.2' },
    cwd: other,
  });
  expect(r.code).toBe(1);
  const lines = r.stdout.split('\n').filter((l) => l.includes(`${path}:`) && l.includes(': error: '));
  expect(lines).toEqual([
    expect.stringMatching(
      /^.*hooks\.yaml:1:1: error: reading this 2\.\d MiB file took over 0\.2 s, so its hooks were not loaded; hook files are a few KiB: remove what is not hooks$/,
    ),
  ]);
});

test('a file parsed on the worker has the rules, positions and diagnostics of the in-thread parse', async () => {
  env = makeEnv();
  // Parity, not the bound: however loaded the machine, this worker is not cut short.
  env.processEnv.HOOKPANEL_PARSE_SECONDS = '600';
  const lines = ['hooks:'];
  for (let i = 0; lines.join('\n').length <= OFF_THREAD_BYTES; i++) {
    lines.push(`  - id: h${i}`, '    event: after_turn', `    run: { type: shell, shell: "echo ${i}" }`);
    if (i % 500 === 7) lines.push(`    colour: ${i}`);
  }
  const text = `${lines.join('\n')}\n`;
  const path = env.write('~/.chrys/hooks/hooks.yaml', text);
  const mod = dialectModule('chrys');
  const ctx = env.ctx();
  const candidate = mod.locate(ctx).find((c) => c.path === path)!;
  const { source } = await loadCandidate(mod, candidate, ctx);
  const inThread = await validateText(mod, candidate, ctx, text, []);
  expect(source.diagnostics.length).toBeGreaterThan(0);
  expect(source.diagnostics).toEqual(inThread.diagnostics);
  expect(source.rules).toEqual(inThread.rules);
  expect(source.state).toBe(inThread.state);
});
