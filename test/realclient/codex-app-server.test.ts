// Hookpanel's client for `codex app-server`: against the real Codex (list → untrusted, batchWrite →
// trusted, and `codex exec` then runs the hook; the validator's prediction of what Codex lists), and
// against stand-ins for the ways it can fail (not installed, silent, dying).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CodexAppServer } from '../../electron/host/dialects/codex/app-server.js';
import { DiagnosticSink } from '../../electron/host/diagnostics/sink.js';
import { parseJsonDocument } from '../../electron/host/documents/json.js';
import { codexHookKey, loadCodexFile, parseCodexToml } from '../../electron/host/dialects/codex/index.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';
import { startResponsesStub, type ResponsesStub } from '../helpers/responses-stub.js';
import { agentForTests, AGENTS } from './agents.js';
import { codexEnv, runCodex, withInstalledCodex } from './codex-run.js';
import { recordedPayloads, recorderCommand } from './payloads.js';

vi.setConfig({ testTimeout: 120_000 });
const codex = await agentForTests('codex');
let env: TestEnv;
let stub: ResponsesStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/** Alive and not a zombie (an orphan nobody reaps still answers kill 0). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
}

describe('codex app-server client, failures', () => {
  test('Codex not installed: a clear error, nothing started', async () => {
    env = makeEnv();
    const onPath = await CodexAppServer.start({ env: { ...env.processEnv, PATH: env.path('empty-bin') } });
    expect(onPath).toMatchObject({
      kind: 'not-installed',
      message: expect.stringContaining('Codex is not installed: no "codex" program on PATH'),
    });
    const missing = await CodexAppServer.start({ program: env.path('nowhere/codex') });
    expect(missing).toEqual({
      kind: 'not-installed',
      message: `Codex is not installed at ${env.path('nowhere/codex')} (no executable file there)`,
    });
  });

  test('a Codex that never answers: the request times out and its whole process group is killed', async () => {
    env = makeEnv();
    const pids = env.path('pids');
    // A stand-in that starts a child of its own and then says nothing.
    const fake = env.write('bin/codex', `#!/bin/sh\nsleep 300 &\necho $$ $! > '${pids}'\nwait\n`);
    await import('node:fs/promises').then((fs) => fs.chmod(fake, 0o755));
    const err = await CodexAppServer.start({ program: fake, timeoutMs: 500 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'timeout' });
    expect(err.message).toBe('codex app-server did not answer initialize within 0.5 s; it was stopped');
    const [shell, child] = readFileSync(pids, 'utf8').trim().split(' ').map(Number);
    await vi.waitFor(() => expect([running(shell!), running(child!)]).toEqual([false, false]));
  });

  test('a Codex that dies on start: the error carries what it said', async () => {
    env = makeEnv();
    const fake = env.write(
      'bin/codex',
      '#!/bin/sh\necho "error: unexpected argument app-server" >&2\nexit 2\n',
    );
    await import('node:fs/promises').then((fs) => fs.chmod(fake, 0o755));
    const err = await CodexAppServer.start({ program: fake }).catch((e) => e);
    expect(err).toMatchObject({ code: 'exited' });
    expect(err.message).toBe(
      `codex app-server (${fake}) exited with code 2; its last words: error: unexpected argument app-server`,
    );
  });
});

describe.skipIf(!codex.agent)(
  `codex app-server client, real Codex ${AGENTS.codex!.version} ${codex.why}`,
  () => {
    const agent = codex.agent!;

    test('hooks/list says untrusted; config/batchWrite records trust; then codex exec runs the hook', async () => {
      env = makeEnv();
      const payloads = env.path('payloads');
      const hooksJson = env.write(
        '~/.codex/hooks.json',
        JSON.stringify({
          hooks: { Stop: [{ hooks: [{ type: 'command', command: recorderCommand(env, payloads) }] }] },
        }),
      );
      await withInstalledCodex(
        { program: agent.bin, env: codexEnv(env), cwd: env.workspace },
        async (server) => {
          expect(server.info.codexHome).toBe(join(env.home, '.codex'));
          const [listed] = await server.listHooks([env.workspace]);
          expect(listed).toMatchObject({ cwd: env.workspace, warnings: [], errors: [] });
          expect(listed!.hooks).toEqual([
            expect.objectContaining({
              key: `${hooksJson}:stop:0:0`,
              eventName: 'stop',
              handlerType: 'command',
              sourcePath: hooksJson,
              source: 'user',
              trustStatus: 'untrusted',
              currentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
            }),
          ]);
          const written = await server.trustHooks(listed!.hooks, [env.workspace]);
          expect(written.filePath).toBe(join(env.home, '.codex', 'config.toml'));
          const [after] = await server.listHooks([env.workspace]);
          expect(after!.hooks.map((h) => h.trustStatus)).toEqual(['trusted']);
        },
      );
      // Codex's own record, in its own format, in its own file.
      expect(readFileSync(join(env.home, '.codex', 'config.toml'), 'utf8')).toContain(
        `[hooks.state."${hooksJson}:stop:0:0"]\ntrusted_hash = "sha256:`,
      );
      stub = await startResponsesStub(() => ({ text: 'done' }));
      const run = await runCodex(agent, env, stub.url, 'finish');
      expect(run.code, run.stderr).toBe(0);
      expect(recordedPayloads(payloads).map((p) => p.hook_event_name)).toEqual(['Stop']);
    });

    test('trusting a hook that changed since it was listed is refused after the write, naming it as modified', async () => {
      env = makeEnv();
      const write = (command: string) =>
        env.write(
          '~/.codex/hooks.json',
          JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } }),
        );
      write('echo one');
      await withInstalledCodex({ program: agent.bin, env: codexEnv(env) }, async (server) => {
        const [listed] = await server.listHooks([env.workspace]);
        write('echo two');
        const err = await server.trustHooks(listed!.hooks, [env.workspace]).catch((e) => e);
        expect(err).toMatchObject({ code: 'refused' });
        expect(err.message).toContain(':stop:0:0 (modified)');
      });
    });

    test.each(['valid.json', 'problems.json', 'fatal.json', 'config.toml'])(
      'the validator predicts what Codex lists for test/fixtures/codex/%s: keys, matchers, timeouts, handler types',
      async (fixture) => {
        env = makeEnv();
        const text = readFileSync(join(FIXTURES, 'codex', fixture), 'utf8');
        const isToml = fixture.endsWith('.toml');
        const path = env.write(isToml ? '~/.codex/config.toml' : '~/.codex/hooks.json', text);
        const doc = isToml ? parseCodexToml(text) : parseJsonDocument(text);
        const loaded = loadCodexFile(
          doc,
          {
            path,
            layer: 'user',
            priority: 3,
            role: 'inspected',
            projectScoped: false,
            format: isToml ? 'toml' : 'json',
          },
          new DiagnosticSink(path, doc),
        );
        const [listed] = await withInstalledCodex({ program: agent.bin, env: codexEnv(env) }, (s) =>
          s.listHooks([env.workspace]),
        );
        const predicted = loaded.valid
          ? loaded.rules.map((r) => ({
              key: codexHookKey(path, r.events[0]!, r.group!, r.hookIndex!),
              matcher: r.matcher,
              timeoutSec: r.timeoutMs / 1000,
              handlerType: r.handler.kind === 'mcp_tool' ? 'mcpTool' : 'command',
            }))
          : [];
        const actual = listed!.hooks.map((h) => ({
          key: h.key,
          matcher: h.matcher === '' || h.matcher === '*' ? null : h.matcher,
          timeoutSec: h.timeoutSec,
          handlerType: h.handlerType,
        }));
        expect(predicted.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
          actual.sort((a, b) => a.key.localeCompare(b.key)),
        );
        if (!loaded.valid)
          expect(listed!.warnings.join('\n')).toContain(`failed to parse hooks config ${path}`);
        expect(existsSync(path)).toBe(true);
      },
    );
  },
);
