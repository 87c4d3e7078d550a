// Rules of io's seed (../shared/seeds/001_c82f53472102826d.txt) that had no test: each test names the seed
// sentence it checks.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { diag, makeEnv, type TestEnv } from '../../helpers/env.js';
import { makeGate } from '../../helpers/gate.js';
import { openHost } from '../../helpers/host.js';

const USER = '~/.config/io/io.toml';
let env: TestEnv;
afterEach(() => env?.cleanup());

describe('io, per its seed', () => {
  test('"Exactly one of append and run": a hook with neither is an error at its table', async () => {
    env = makeEnv();
    env.place(USER, 'io/neither.toml');
    const s = await env.source(USER);
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([['error', 'run_xor_append', 2, 1]]);
    expect(s.diagnostics[0]!.message).toBe(
      'hook[0]: set exactly one of append (write events down) or run (run a program)',
    );
  });

  test('"Nothing is word-split and nothing is expanded": run is the argv as written', async () => {
    env = makeEnv();
    env.write(
      USER,
      '[[hook]]\non = ["turn_end"]\nrun = ["printf", "%s|", "$HOME", "*", "a b", "$(id)", "~"]\n',
    );
    const h = await openHost(env);
    const { answer } = await h.fire('io', 'turn_end', {});
    expect(answer.dispatches).toMatchObject([{ outcome: 'ok' }]);
    await h.flush();
    expect(h.records.find((r) => r.type === 'dispatch')).toMatchObject({
      stdoutTail: '$HOME|*|a b|$(id)|~|',
    });
  });

  test('"An observer is called synchronously by the run": the answer comes after its program ended', async () => {
    env = makeEnv();
    const marker = env.path('observed');
    const gate = makeGate(env.path('gate'));
    env.write(
      USER,
      `[[hook]]\non = ["turn_end"]\nrun = ["/bin/sh", "-c", "read _ < ${gate.path}; touch ${marker}"]\n`,
    );
    const h = await openHost(env);
    const answered = h.fire('io', 'turn_end', {});
    await gate.open();
    const { answer } = await answered;
    expect(answer.dispatches).toMatchObject([{ outcome: 'ok' }]);
    expect(existsSync(marker)).toBe(true);
  });

  test('"an append path that cannot be written" is a failed dispatch; the event goes on unless on_failure says', async () => {
    env = makeEnv();
    env.write(
      USER,
      `[[hook]]\non = ["turn_end"]\nappend = "${env.path('no-such-dir')}/audit.jsonl"\n\n` +
        `[[hook]]\non = ["session_end"]\nappend = "${env.path('no-such-dir')}/audit.jsonl"\non_failure = "cancel"\n`,
    );
    const h = await openHost(env);
    let { answer } = await h.fire('io', 'turn_end', {});
    expect(answer).toMatchObject({ decision: 'allow', dispatches: [{ outcome: 'failed' }] });
    ({ answer } = await h.fire('io', 'session_end', {}));
    expect(answer.decision).toBe('cancel');
    expect(answer.reason).toMatch(/^hook-1 failed \(cannot append to .*no-such-dir\/audit\.jsonl: ENOENT/);
    expect(answer.reason).toContain('on_failure = "cancel" ends the turn');
  });

  test('"one JSON line per event, appended": lines accumulate across events and runs', async () => {
    env = makeEnv();
    const log = env.path('audit.jsonl');
    env.write(USER, `[[hook]]\non = ["turn_end", "session_end"]\nappend = "${log}"\n`);
    let h = await openHost(env);
    await h.fire('io', 'turn_end', { n: 1 });
    await h.fire('io', 'session_end', { n: 2 });
    await h.host.close(1000);
    h = await openHost(env);
    await h.fire('io', 'turn_end', { n: 3 });
    const lines = readFileSync(log, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.event, l.payload?.n])).toEqual([
      ['turn_end', 1],
      ['session_end', 2],
      ['turn_end', 3],
    ]);
  });
});
