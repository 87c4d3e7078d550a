// What a waiting permission request would do (Trust review's flags on its command or file,
// and a Write's or Edit's file and content), and connect's summary counted from the edit itself.
import { afterAll, describe, expect, test } from 'vitest';
import { summaryClauses, summarySentence } from '../../shared/connect-summary.js';
import { bridgeCommand, type CommandTarget } from '../../electron/host/agents/bridge-command.js';
import { planConnect, planDisconnect, type BridgeSpec } from '../../electron/host/agents/settings-edit.js';
import { whatItWouldDo } from '../../electron/host/permissions/request-risks.js';
import { shellRisks } from '../../electron/host/trust/review-risks.js';
import { makeEnv } from '../helpers/env.js';

const ctx = { workspace: '/w/proj', home: '/home/u' };

describe('destroys data', () => {
  test.each([
    ['psql -d app -c "DROP TABLE users"', 'DROP TABLE users'],
    ["mysql -e 'drop database app;'", 'drop database app'],
    ['sqlite3 app.db "DELETE FROM sessions;"', 'DELETE FROM sessions'],
    ['psql -c "TRUNCATE orders"', 'TRUNCATE orders'],
    ['git push --force origin main', 'git push --force origin main'],
    ['git reset --hard HEAD~3', 'git reset --hard HEAD~3'],
  ])('%s', (command, because) => {
    const risk = shellRisks(command, ctx).find((r) => r.kind === 'destroys-data');
    expect(risk?.because).toBe(because);
    expect(risk?.title).toBe('Destroys data');
  });
  test.each([
    'truncate -s 0 app.log',
    'truncate app.log',
    'echo "truncate the log later"',
    'psql -c "DELETE FROM sessions WHERE expired"',
    'git push origin main',
    'git reset HEAD~1',
    'npm test',
  ])('not: %s', (command) => {
    expect(shellRisks(command, ctx).map((r) => r.kind)).not.toContain('destroys-data');
  });
});

describe('a waiting request: flags, and what a Write or Edit would write', () => {
  const env = makeEnv();
  afterAll(() => env.cleanup());
  const ws = env.workspace;
  const req = (tool: string) => ({ tool, workspace: ws });

  test('a command gets Trust review’s flags; a plain one none', async () => {
    const rm = await whatItWouldDo(req('Bash'), { command: 'rm -rf build' }, env.home);
    expect(rm.risks?.map((r) => [r.kind, r.because])).toEqual([['deletes-recursively', 'rm -rf build']]);
    expect(rm.change).toBeUndefined();
    expect((await whatItWouldDo(req('Bash'), { command: 'npm test' }, env.home)).risks).toEqual([]);
  });

  test('Write: a new file with its content; a file outside the workspace is flagged', async () => {
    const created = await whatItWouldDo(
      req('Write'),
      { file_path: `${ws}/notes.md`, content: '# Notes\n' },
      env.home,
    );
    expect(created.change).toEqual({
      path: `${ws}/notes.md`,
      kind: 'create',
      content: '# Notes\n',
      diff: null,
      truncated: false,
      note: null,
    });
    expect(created.risks).toEqual([]);
    const outside = await whatItWouldDo(
      req('Write'),
      { file_path: `${env.home}/.bashrc`, content: 'alias x=y\n' },
      env.home,
    );
    expect(outside.risks?.map((r) => r.kind)).toEqual(['writes-outside']);
  });

  test('Write over a file, and Edit: the change as hunks against the file as it is', async () => {
    env.write('ws/app.js', 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const replaced = await whatItWouldDo(
      req('Write'),
      { file_path: `${ws}/app.js`, content: 'const a = 1;\n' },
      env.home,
    );
    expect(replaced.change).toMatchObject({ kind: 'replace', content: null });
    expect(replaced.change?.diff).toBe('@@ -1,3 +1,1 @@\n const a = 1;\n-const b = 2;\n-const c = 3;');
    const edited = await whatItWouldDo(
      req('Edit'),
      { file_path: 'app.js', old_string: 'const b = 2;', new_string: 'const b = 20;' },
      env.home,
    );
    expect(edited.change).toMatchObject({ kind: 'edit', note: null });
    expect(edited.change?.diff).toBe(
      '@@ -1,3 +1,3 @@\n const a = 1;\n-const b = 2;\n+const b = 20;\n const c = 3;',
    );
    // The text is no longer there: the edit alone, and the card says so.
    const stale = await whatItWouldDo(
      req('Edit'),
      { file_path: `${ws}/app.js`, old_string: 'gone', new_string: 'new' },
      env.home,
    );
    expect(stale.change?.note).toMatch(/no longer holds the text/);
    expect(stale.change?.diff).toBe(
      '@@ -1,1 +1,1 @@\n-gone\n\\ No newline at end of file\n+new\n\\ No newline at end of file',
    );
  });
});

describe("connect's summary, counted from the edit", () => {
  const target: CommandTarget = {
    execPath: '/opt/My Tools/node',
    runAsNode: false,
    cliPath: '/opt/hookpanel/dist/electron/cli/main.js',
    hookScript: "/opt/hook's/electron/cli/hookpanel-hook.sh",
  };
  const host = { home: '/home/me', platform: 'linux' as const, env: { HOOKPANEL_HOME: '/home/me/hp' } };
  const spec = (events: string[]): BridgeSpec => ({
    dialect: 'claude',
    events,
    command: (e) => bridgeCommand(target, host, 'claude', e, false),
    extras: () => ({}),
  });

  test('creating, adding to, updating and taking out', () => {
    const created = planConnect('/home/me/.claude/settings.json', null, spec(['SessionStart', 'Stop']));
    expect(summarySentence({ ...created.summary, removesFile: false }, '~/.claude/settings.json')).toBe(
      'Creates ~/.claude/settings.json; adds 2 hooks that send events to Hookpanel (SessionStart, Stop); nothing else is in the file.',
    );
    const more = planConnect('/s.json', created.after, spec(['SessionStart', 'Stop', 'PermissionRequest']));
    expect(more.summary).toMatchObject({
      creates: false,
      added: ['PermissionRequest'],
      kept: ['SessionStart', 'Stop'],
    });
    expect(summaryClauses({ ...more.summary, removesFile: false }, '/s.json')).toEqual([
      'changes /s.json',
      'adds 1 hook that sends events to Hookpanel (PermissionRequest)',
      'keeps the 2 hooks already there',
      'nothing else in the file changes',
    ]);
    const off = planDisconnect('/s.json', `{ "model": "x", ${more.after.trim().slice(1)}`, spec(['Stop']));
    expect(off.summary.removed).toEqual(['Stop', 'SessionStart', 'PermissionRequest']);
    expect(summarySentence({ ...off.summary, removesFile: false }, '/s.json')).toBe(
      'Changes /s.json; takes out the 3 hooks that send events to Hookpanel (Stop, SessionStart, PermissionRequest); takes out the empty "hooks" section connecting had added; nothing else in the file changes.',
    );
  });
});
