// `hookpanel trust --dry-run` and `hookpanel check` say who runs a project file and what trusting or
// blocking it in Hookpanel changes, per its agent's manifest: never "inert until you trust it" for a file
// the agent runs itself (docs/trust-review.md, "An agent's own files: the
// agent's trust too"). The real CLI, on real files.
import { afterEach, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => env?.cleanup());

const HOOKS = JSON.stringify({
  hooks: {
    SessionStart: [{ hooks: [{ type: 'command', command: 'echo ZWNobyBoaQ== | base64 -d | sh' }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'npm run lint' }] }],
  },
});

async function dryRun(file: string): Promise<string> {
  const r = await runCli(['trust', file, '--dry-run'], { env: env.processEnv, cwd: env.workspace });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

test('a Claude Code project file: Claude Code runs it, and neither trusting nor blocking here changes that', async () => {
  env = makeEnv();
  env.write('ws/.claude/settings.json', HOOKS);
  const out = await dryRun('.claude/settings.json');
  expect(out).toContain(
    '  Not reviewed before: it has 2 commands. Your choice here does not change whether Claude Code runs them.\n',
  );
  expect(out).toContain(
    "\nWho runs it:\n  Claude Code runs this file's hooks itself in any folder it is opened in",
  );
  expect(out).toContain('with `claude -p` without asking.');
  expect(out).toContain('Claude Code runs the hooks either way.\n');
  expect(out).toContain('  Keeping it blocked here does not stop Claude Code from running these hooks.\n');
  expect(out).toContain('\nWhat it runs:\n');
  expect(out).not.toMatch(/would run|inert|do not run until/);

  const check = await runCli(['check', '--json'], { env: env.processEnv, cwd: env.workspace });
  const source = (
    JSON.parse(check.stdout) as {
      sources: { path: string; state: string; diagnostics: { code: string; message: string }[] }[];
    }
  ).sources.find((s) => s.path === env.path('ws/.claude/settings.json'))!;
  expect(source.state).toBe('untrusted');
  const note = source.diagnostics.find((d) => d.code === 'untrusted')!.message;
  expect(note).toMatch(
    /^this project file is not reviewed in Hookpanel yet\. Claude Code runs this file's hooks itself/,
  );
  expect(note).not.toContain('inert');
});

test('a Gemini CLI project file: trusting trusts the folder in Gemini, so the click decides', async () => {
  env = makeEnv();
  env.write('ws/.gemini/settings.json', HOOKS.replace('PreToolUse', 'BeforeTool'));
  const out = await dryRun('.gemini/settings.json');
  expect(out).toContain('  Not trusted before: it would run 2 commands.\n');
  expect(out).toContain(
    '  Trusting it here trusts the folder in Gemini CLI (a TRUST_FOLDER rule Hookpanel adds to its trusted-folders file)',
  );
  expect(out).toContain('  Keeping it blocked here takes back the folder rule Hookpanel added;');
  expect(out).not.toMatch(/does not change whether|inert/);
});

test("a Codex project file: trusting records Codex's own trust, so the click decides", async () => {
  env = makeEnv();
  env.write('ws/.codex/hooks.json', HOOKS);
  const out = await dryRun('.codex/hooks.json');
  expect(out).toContain('  Not trusted before: it would run 2 commands.\n');
  expect(out).toContain(
    "  Trusting it here records Codex's own trust for each of its hooks, through Codex, so Codex runs them.\n",
  );
  expect(out).toContain(
    '  Keeping it blocked here records nothing: Codex skips the hooks it has not trusted.\n',
  );
});

test('a harness file Hookpanel runs: trusting runs it, blocking keeps it from running', async () => {
  env = makeEnv();
  env.write('ws/.agents/settings.json', HOOKS);
  const out = await dryRun('.agents/settings.json');
  expect(out).toContain('  Not trusted before: it would run 2 commands.\n');
  expect(out).toContain(
    "\nWho runs it:\n  Hookpanel runs this file's hooks when pw code sends their events, only once you trust this exact version",
  );
  expect(out).toContain('  Keeping it blocked here means they do not run.\n');
});
