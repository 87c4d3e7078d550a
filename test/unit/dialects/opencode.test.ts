// opencode in Hookpanel: its plugins listed as code opencode runs (project ones untrusted until
// reviewed), its hosted hooks/opencode.json checked in Claude Code's schema with opencode's event
// names, and connect writing, and disconnect removing, exactly Hookpanel's bridge plugin.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { agentTrustReports } from '../../../electron/host/agents/agent-trust.js';
import { connectAgent, disconnectAgent, previewConnect } from '../../../electron/host/agents/agents.js';
import { fixtureText } from '../../helpers/dialect-fixtures.js';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

const fixture = (name: string) => fixtureText('opencode', name);
const PLUGIN = '~/.config/opencode/plugins/hookpanel-bridge.js';

describe('opencode plugins', () => {
  test('user and project plugins are listed as code opencode runs; a project plugin needs review', async () => {
    env = makeEnv();
    const user = env.write('~/.config/opencode/plugins/notify.js', fixture('notify.js'));
    const project = env.write(
      'ws/.opencode/plugin/guard.ts',
      'export const Guard = async () => ({\n  "tool.execute.before": async (input) => {\n    if (input.tool === "bash") throw new Error("no shell");\n  },\n});\n',
    );
    env.write('ws/.opencode/plugins/README.md', 'not a plugin\n');
    const sources = (await env.load()).filter((s) => s.dialect === 'opencode' && s.state !== 'absent');
    expect(sources.map((s) => [s.path, s.layer, s.role, s.state])).toEqual([
      [user, 'user', 'inspected', 'active'],
      [project, 'project', 'inspected', 'untrusted'],
    ]);
    expect(sources.map((s) => s.rules.map((r) => [r.name, r.events, r.handler, r.line, r.column]))).toEqual([
      [['notify.js', ['event'], { kind: 'script', path: user, interpreter: ['opencode'], args: [] }, 3, 3]],
      [
        [
          'guard.ts',
          ['tool.execute.before'],
          { kind: 'script', path: project, interpreter: ['opencode'], args: [] },
          2,
          3,
        ],
      ],
    ]);
    const [report] = (await agentTrustReports(sources, env.ctx())).filter((r) => r.dialect === 'opencode');
    expect(report!.hooks.map((h) => [h.path, h.status, h.message])).toEqual([
      [user, 'runs', 'opencode runs this'],
      [project, 'runs', 'opencode runs this'],
    ]);
  });

  test("the hosted hooks/opencode.json is checked in Claude Code's schema with opencode's events", async () => {
    env = makeEnv();
    const good = env.write('hp/hooks/opencode.json', fixture('hooks-valid.json'));
    let source = (await env.load()).find((s) => s.path === good)!;
    expect([source.role, source.state, source.diagnostics.filter((d) => d.severity === 'error')]).toEqual([
      'hosted',
      'active',
      [],
    ]);
    expect(source.rules.map((r) => [r.events, r.matcher, r.timeoutMs])).toEqual([
      [['tool.execute.before'], 'bash', 600_000],
      [['session.idle'], null, 5_000],
    ]);
    env.write('hp/hooks/opencode.json', fixture('hooks-invalid.json'));
    source = (await env.load()).find((s) => s.path === good)!;
    expect(
      source.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.line, d.column, d.message]),
    ).toEqual([
      [3, 5, expect.stringContaining('opencode has no event tool.execute.befor')],
      [6, 34, expect.stringContaining('command')],
    ]);
    expect(source.rules).toEqual([]);
  });
});

describe('connect opencode', () => {
  test('writes the bridge plugin into a plugin folder it creates, and disconnect removes both', async () => {
    env = makeEnv();
    env.write('~/.config/opencode/opencode.json', '{}\n');
    const deps = { host: env.host };
    const previewed = await previewConnect(deps, 'opencode', true);
    if (previewed.kind !== 'planned') throw new Error(previewed.message);
    const preview = previewed.plan;
    expect(preview.summary).toMatchObject({ creates: true, added: expect.arrayContaining(['session.idle']) });
    await connectAgent(deps, 'opencode', preview.diff);
    const plugin = env.path(PLUGIN);
    expect(readFileSync(plugin, 'utf8')).toBe(preview.after);
    const listed = (await env.load()).find((s) => s.path === plugin)!;
    expect(listed.rules.map((r) => [r.name, r.events])).toEqual([
      ["Hookpanel's bridge", ['chat.message', 'tool.execute.before', 'tool.execute.after', 'event']],
    ]);
    // Connecting again changes nothing.
    expect(await previewConnect(deps, 'opencode', true)).toMatchObject({
      kind: 'planned',
      plan: { changed: false },
    });

    const out = await disconnectAgent(deps, 'opencode');
    expect(out).toMatchObject({ kind: 'done', message: expect.stringContaining(`removed ${plugin}`) });
    expect(existsSync(dirname(plugin))).toBe(false);
    expect(readFileSync(env.path('~/.config/opencode/opencode.json'), 'utf8')).toBe('{}\n');
  });

  test("a file at the plugin path that is not Hookpanel's is never written or removed", async () => {
    env = makeEnv();
    const mine = 'export const Mine = async () => ({});\n';
    const plugin = env.write(PLUGIN, mine);
    const deps = { host: env.host };
    const notOurs = {
      kind: 'refused',
      message: expect.stringContaining(`${plugin} is not Hookpanel's file`),
    };
    expect(await previewConnect(deps, 'opencode', true)).toMatchObject(notOurs);
    expect(await disconnectAgent(deps, 'opencode')).toMatchObject(notOurs);
    expect(readFileSync(plugin, 'utf8')).toBe(mine);
  });
});
