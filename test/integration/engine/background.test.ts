// The engine's background step on real processes: it starts once the decision is known, is recorded as
// each hook ends, and is skipped, in plan order with the awaited hooks, when a chain step ended the event.
import { existsSync, writeFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';
import { openHost, waitFor } from '../../helpers/host.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const GLOBAL = '~/.chrys/hooks/hooks.yaml';
const call = {
  tool: { name: 'write_file', kind: 'filesystem.write', args: { path: '/etc/x' } },
  session_id: 's',
};
const hook = (id: string, mode: string, shell: string) =>
  `  - id: ${id}\n    event: before_tool_call\n    match: { tool_kind: filesystem.write }\n    run: { type: shell, shell: '${shell}' }\n    execution: { mode: ${mode} }\n`;

test('after a block ends the chain, background hooks are skipped in plan order and never start', async () => {
  env = makeEnv();
  const marker = env.path('background-ran');
  env.write(
    GLOBAL,
    `hooks:\n${hook('early', 'async', `touch ${marker}`)}${hook('deny', 'blocking', 'echo "{\\"decision\\": \\"block\\", \\"reason\\": \\"no\\"}" > "$CHRYS_HOOK_RESULT"')}${hook('late', 'fire_and_forget', `touch ${marker}`)}`,
  );
  const h = await openHost(env);
  const { answer, background } = await h.fire('chrys', 'before_tool_call', call);
  expect(answer.decision).toBe('block');
  expect(answer.dispatches.map((d) => [d.rule, d.outcome, d.skipReason])).toEqual([
    ['early', 'skipped', 'chain ended: deny decided block'],
    ['deny', 'blocked', null],
    ['late', 'skipped', 'chain ended: deny decided block'],
  ]);
  expect(await background).toEqual([]);
  await h.flush();
  expect(existsSync(marker)).toBe(false);
  const kept = h.records.filter((r) => r.type === 'dispatch').map((r) => r.type === 'dispatch' && r.rule);
  expect(kept).toEqual(['early', 'deny', 'late']);
});

test('without a block, background hooks run after the answer and are recorded as each ends', async () => {
  env = makeEnv();
  const gate = env.path('gate');
  env.write(
    GLOBAL,
    `hooks:\n${hook('quick', 'fire_and_forget', 'true')}${hook('slow', 'fire_and_forget', `while [ ! -e ${gate} ]; do sleep 0.05; done`)}${hook('ok', 'blocking', 'true')}`,
  );
  const h = await openHost(env);
  const { answer, background } = await h.fire('chrys', 'before_tool_call', call);
  expect(answer.dispatches.map((d) => d.rule)).toEqual(['ok']);
  const rules = () => h.records.flatMap((r) => (r.type === 'dispatch' ? [r.rule] : []));
  // The quick one is kept while the slow one still runs.
  expect(await waitFor(rules, (r) => r.includes('quick'))).toContain('quick');
  expect(rules()).not.toContain('slow');
  writeFileSync(gate, '');
  expect((await background).map((r) => [r.rule, r.outcome])).toEqual([
    ['quick', 'ok'],
    ['slow', 'ok'],
  ]);
  expect(rules()).toEqual(['ok', 'quick', 'slow']);
});
