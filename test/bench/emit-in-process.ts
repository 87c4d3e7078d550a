// What a tool call costs while no host runs (the app closed): `hookpanel emit` runs the engine in its
// own process. The real path is claude's PreToolUse with a real payload and a hosted `true` rule, from a
// bare workspace and from one whose own .claude/settings.json (Claude Code runs it; Hookpanel reads it to
// show it and to know its trust) has hooks on other events that run the project's scripts. The old
// cases, pw with `{}`, stay for comparison.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { claudePayload, expectTrueHookRan, TRUE_HOOK_RULES } from './claude-payload.js';
import { CLI } from './cli.js';
import { benchHome, NODE24 } from './env.js';
import { measureInterleaved, report } from './measure.js';
import { spawnWait } from './spawn-wait.js';

/** A project's own Claude Code hooks, none on PreToolUse, running its scripts as teams write them. */
const AGENT_PROJECT = {
  hooks: {
    PostToolUse: [
      {
        matcher: 'Edit|Write',
        hooks: [
          { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh --check' },
          { type: 'command', command: 'sh ./scripts/lint-changed.sh' },
        ],
      },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'python3 scripts/notify.py' }] }],
  },
};

export async function benchEmitInProcess(): Promise<void> {
  const b = benchHome();
  try {
    b.write('hp/hooks/claude.json', JSON.stringify(TRUE_HOOK_RULES));
    b.write(
      'home/.config/pw/code.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '/bin/true', args: [] }] }] } }),
    );
    const bare = join(b.root, 'ws');
    const project = join(b.root, 'ws-hooks');
    b.write('ws-hooks/.claude/settings.json', JSON.stringify(AGENT_PROJECT, null, 2));
    b.write(
      'ws-hooks/.claude/hooks/format.sh',
      '#!/bin/sh\n. ./scripts/lib.sh\nnode ./scripts/format.mjs "$@"\n',
    );
    b.write('ws-hooks/scripts/lib.sh', 'set -eu\n');
    b.write('ws-hooks/scripts/lint-changed.sh', '#!/bin/sh\ngit diff --name-only | xargs -r npx eslint\n');
    b.write('ws-hooks/scripts/format.mjs', 'console.log("formatted")\n');
    b.write('ws-hooks/scripts/notify.py', 'print("done")\n');

    const claude = (cwd: string) => ({ env: b.env, input: claudePayload(cwd, 'PreToolUse'), cwd });
    // The answer must be the hook's from each workspace.
    for (const cwd of [bare, project]) expectTrueHookRan(process.execPath, CLI, claude(cwd));
    // And the project's file must be read as the case says: Claude Code's own (inspected), its scripts found.
    const checked = spawnSync(process.execPath, [CLI, 'check', '--json'], {
      env: b.env,
      cwd: project,
      encoding: 'utf8',
    });
    const own = (
      JSON.parse(checked.stdout) as { sources: { path: string; role: string; scripts: unknown[] }[] }
    ).sources.find((s) => s.path === join(project, '.claude', 'settings.json'));
    if (own?.role !== 'inspected' || own.scripts.length < 5)
      throw new Error(
        `the project's own hooks were not read as Claude Code's, with their scripts: ${JSON.stringify(own)}`,
      );
    const emit =
      (
        dialect: string,
        event: string,
        opts: { env: Record<string, string>; input: string; cwd: string },
        node = process.execPath,
      ) =>
      () =>
        spawnWait([node, CLI, 'emit', dialect, event], opts);
    const old = { env: b.env, input: '{}', cwd: bare };
    // The yardstick with the same environment as emit (bridge.ts says why).
    const t = await measureInterleaved(
      {
        "node -e ''": () => spawnWait([process.execPath, '-e', ''], { env: b.env }),
        'claude, hook': emit('claude', 'PreToolUse', claude(bare)),
        'claude, own hooks': emit('claude', 'PreToolUse', claude(project)),
        'pw, no rule': emit('pw', 'NoSuchRule', old),
        'pw, one hook': emit('pw', 'Stop', old),
      },
      { runs: 15 },
    );
    const node = t["node -e ''"];
    report('  hookpanel emit claude PreToolUse, one `true` hook, no host', t['claude, hook'], node);
    report('    from a project whose own hooks run scripts', t['claude, own hooks'], {
      ...t['claude, hook'],
      name: 'a bare project',
    });
    // A local const: TypeScript keeps an import's narrowing out of the closures below.
    const node24 = NODE24;
    if (node24) {
      const t24 = await measureInterleaved(
        {
          "node -e ''": () => spawnWait([node24, '-e', ''], { env: b.env }),
          'claude, hook': emit('claude', 'PreToolUse', claude(bare), node24),
          'claude, own hooks': emit('claude', 'PreToolUse', claude(project), node24),
        },
        { runs: 15 },
      );
      report('  the same under Node 24 (Electron 41)', t24['claude, hook'], t24["node -e ''"]);
      report('    from a project whose own hooks run scripts', t24['claude, own hooks'], {
        ...t24['claude, hook'],
        name: 'a bare project',
      });
    } else console.log('  under Node 24: not measured (no Node 24 here; HOOKPANEL_NODE24 names one)');
    console.log('  the old cases, pw with `{}`, for comparison:');
    report('    hookpanel emit, no matching rule, no host (in-process)', t['pw, no rule'], node);
    report('    hookpanel emit, one /bin/true hook, no host (in-process)', t['pw, one hook'], node);
  } finally {
    b.cleanup();
  }
}
