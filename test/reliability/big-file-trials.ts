// One workspace's huge hook file must not hold up another workspace's guard: a
// trial shared by the reliability tier and `npm run bench -- reliability`. Workspace A has a trusted
// guard that blocks `rm -rf`; workspace B a never-trusted `.chrys/hooks/hooks.yaml` of many keys,
// rewritten and loaded again each round while A's events keep coming.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HookHost } from '../../electron/host/service.js';
import type { TestEnv } from '../helpers/env.js';

const GUARD = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] }],
  },
});

export interface BigFileFigures {
  /** Per round: A's answers while B's file was loading, how long it loaded, and A's longest silence in it. */
  rounds: { answers: number; loadMs: number; longestSilenceMs: number }[];
  /** A's answers that were not a block. */
  wrong: number;
  /** A's answer times with nothing else loading, and while B's file loads. */
  quietMs: number[];
  busyMs: number[];
  /** B's file as the host ended up showing it. */
  bigState: string;
  bigDiagnostic: string;
}

/**
 * A valid YAML hook file with one hook whose environment has `keys` variables (so no problem in it
 * makes the host read it again as a file caught mid-write); `round` changes its bytes.
 */
export function bigChrysFile(keys: number, round: number): string {
  const lines = [`# round ${round}`, 'hooks:', '  - id: a', '    event: after_turn'];
  lines.push('    run:', '      type: shell', '      shell: "true"', '      env:');
  for (let i = 0; i < keys; i++) lines.push(`        K${i}: "${i}"`);
  return `${lines.join('\n')}\n`;
}

export async function guardWhileBigFileLoads(
  env: TestEnv,
  opts: { keys: number; rounds: number },
): Promise<BigFileFigures> {
  const guardPath = env.write('ws/.agents/settings.json', GUARD);
  const other = join(env.root, 'other');
  const bigPath = join(other, '.chrys', 'hooks', 'hooks.yaml');
  mkdirSync(join(other, '.chrys', 'hooks'), { recursive: true });
  const host = await HookHost.open(env.host);
  env.onCleanup(() => host.close());
  const guard = (await host.sources(env.workspace)).find((s) => s.path === guardPath)!;
  await host.trust.trust(guard, readFileSync(guardPath), []);
  let n = 0;
  let wrong = 0;
  const fire = async (): Promise<number> => {
    const started = performance.now();
    const { answer } = await host.dispatch({
      dialect: 'pw',
      event: 'PreToolUse',
      payload: {
        session_id: `s${n++}`,
        cwd: env.workspace,
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
      },
      project: null,
      callerCwd: env.workspace,
    });
    if (answer.decision !== 'block') wrong++;
    return performance.now() - started;
  };
  const quietMs: number[] = [];
  for (let i = 0; i < 5; i++) quietMs.push(await fire());
  const busyMs: number[] = [];
  const rounds: BigFileFigures['rounds'] = [];
  for (let round = 0; round < opts.rounds; round++) {
    writeFileSync(bigPath, bigChrysFile(opts.keys, round));
    let loaded = false;
    const started = performance.now();
    const load = host.sources(other).finally(() => (loaded = true));
    // When each of A's answers came, from the load's start: the gaps between them are A's silences.
    const marks = [0];
    while (!loaded) {
      const ms = await fire();
      if (loaded) break;
      busyMs.push(ms);
      marks.push(performance.now() - started);
    }
    await load;
    const loadMs = performance.now() - started;
    marks.push(loadMs);
    const silences = marks.slice(1).map((m, i) => m - marks[i]!);
    rounds.push({ answers: marks.length - 2, loadMs, longestSilenceMs: Math.max(...silences) });
  }
  const big = (await host.sources(other)).find((s) => s.path === bigPath)!;
  return {
    rounds,
    wrong,
    quietMs,
    busyMs,
    bigState: big.state,
    bigDiagnostic: big.diagnostics.find((d) => d.severity === 'error')?.message ?? '',
  };
}
