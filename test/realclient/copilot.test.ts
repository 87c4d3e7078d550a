// Tier 2: the real GitHub Copilot CLI (pinned, installed into the agent cache) runs offline against a
// stub of the chat-completions API, in a temporary HOME, and fires its own hooks: what it sends them,
// how it takes a deny, when it loads a repository's hooks, and what it makes of the fixtures Hookpanel
// validates. What docs/agents/copilot.md and the copilot dialect state rests on these runs.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { COPILOT_EVENTS } from '../../electron/host/dialects/copilot/events.js';
import { shellThenReportChat, startChatStub, type ChatStub } from '../helpers/chat-completions-stub.js';
import { FIXTURES, makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests, AGENTS, describeInstall } from './agents.js';
import { copilotLogLines, runCopilot, writeCopilotHooks } from './copilot-run.js';
import { payloadFixture, recordedPayloads, recorderCommand, shapeOf } from './payloads.js';

vi.setConfig({ testTimeout: 180_000 });
const copilot = await agentForTests('copilot');
let env: TestEnv;
let stub: ChatStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await env?.cleanup();
});

/** A command hook that records its payload under `payloads/<name>/` (Copilot's payloads carry no event name). */
const recorder = (name: string) => ({
  type: 'command',
  bash: recorderCommand(env, env.path(`payloads/${name}`)),
});
const recorded = (name: string) => recordedPayloads(env.path(`payloads/${name}`));
/** The text Copilot sent back to the model for the shell call: its output, or a hook's deny. */
function shellResult(s: ChatStub): string {
  const messages = (s.mainRequests().at(-1)!.body.messages ?? []) as { role: string; content: unknown }[];
  return JSON.stringify(messages.filter((m) => m.role === 'tool').map((m) => m.content));
}

describe.skipIf(!copilot.agent)(
  `GitHub Copilot CLI ${AGENTS.copilot!.version} (real client) ${copilot.why}`,
  () => {
    const agent = copilot.agent!;
    beforeAll(() => {
      process.stderr.write(`real-client tier: ${describeInstall(agent)}\n`);
    });

    test('a hook on each of its 15 events fires on the 8 one headless turn reaches, with the payloads in test/fixtures/copilot', async () => {
      env = makeEnv();
      writeCopilotHooks(
        env,
        'record.json',
        Object.fromEntries(COPILOT_EVENTS.map((e) => [e.name, [recorder(e.name)]])),
      );
      stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
      const run = await runCopilot(agent, env, stub.url, 'write hi to out.txt');
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);

      const seen = new Map(
        COPILOT_EVENTS.flatMap((e) =>
          recorded(e.name)
            .slice(0, 1)
            .map((p) => [e.name, p] as const),
        ),
      );
      expect([...seen.keys()].sort()).toEqual(
        [
          'agentStop',
          'permissionRequest',
          'postToolUse',
          'preToolUse',
          'sessionEnd',
          'sessionStart',
          'userPromptSubmitted',
          'userPromptTransformed',
        ].sort(),
      );
      for (const [event, payload] of seen) {
        const { fixture } = payloadFixture('copilot', event, payload, env);
        expect(shapeOf(payload), `${event} payload`).toEqual(shapeOf(fixture));
      }
      expect(seen.get('preToolUse')).toMatchObject({
        toolName: 'bash',
        toolArgs: { command: 'echo hi > out.txt' },
        cwd: env.workspace,
      });
      // permissionRequest fires with --allow-all-tools too, and names the input toolInput.
      expect(seen.get('permissionRequest')).toMatchObject({
        hookName: 'permissionRequest',
        toolName: 'bash',
        toolInput: { command: 'echo hi > out.txt' },
      });
      expect(seen.get('sessionStart')).toMatchObject({ source: 'new' });
    });

    const REASON = 'Hookpanel policy: no writing out.txt';
    test.each([
      [
        'preToolUse',
        'exit 2 with the reason on stderr',
        `echo '${REASON}' >&2; exit 2`,
        'Denied by preToolUse hook: hook exited with code 2',
      ],
      [
        'preToolUse',
        'permissionDecision deny',
        `printf '%s' '${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: REASON })}'`,
        `Denied by preToolUse hook: ${REASON}`,
      ],
      [
        'permissionRequest',
        'behavior deny',
        `printf '%s' '${JSON.stringify({ behavior: 'deny', message: REASON })}'`,
        `Permission denied by a PermissionRequest hook: ${REASON}`,
      ],
    ])(
      'a %s hook answering %s stops the shell call, and Copilot tells the model so',
      async (event, _how, bash, told) => {
        env = makeEnv();
        writeCopilotHooks(env, 'deny.json', { [event]: [{ type: 'command', bash }] });
        stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
        const run = await runCopilot(agent, env, stub.url, 'write hi to out.txt');
        expect(run.code, run.stderr).toBe(0);
        expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
        expect(shellResult(stub)).toContain(told);
        expect(run.stdout).toContain(told);
      },
    );

    test('copilot -p loads .github/hooks only in a folder it trusts, or with GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true', async () => {
      env = makeEnv();
      env.write(
        'ws/.github/hooks/repo.json',
        JSON.stringify({ version: 1, hooks: { userPromptSubmitted: [recorder('repo')] } }),
      );
      writeCopilotHooks(env, 'user.json', { userPromptSubmitted: [recorder('user')] });
      stub = await startChatStub(() => ({ text: 'hello' }));
      let runs = 0;
      // Each run's counts of the two hooks' runs, with what Copilot's debug log says of its hooks. Twice on
      // a busy machine the counts were off in a run whose log said Copilot loaded the repo's hooks (5
      // December 2026: the user's hook ran, the repo's did not; 6 December, a fresh-machine check); some
      // 100 runs here since, up to five at once, did not do it again. A failure says what Copilot did:
      // the counts, whether it loaded the repo's hooks (hookCount), and whether its hooks were reloaded
      // after that.
      const run = async (extra: Record<string, string> = {}) => {
        const logDir = env.path(`copilot-logs/${++runs}`);
        const r = await runCopilot(agent, env, stub!.url, 'say hello', { env: extra, logDir });
        expect(r.code, r.stderr).toBe(0);
        const counts = [recorded('user').length, recorded('repo').length];
        const log = copilotLogLines(
          logDir,
          /repo hook|loadDeferredRepoHoo|reload\w* \w* ?hooks|rust:hooks|"hook\./i,
        );
        return {
          counts,
          said: [
            `run ${runs}: the user's and the repo's hooks have run ${counts.join(' and ')} times in all`,
            ...log,
          ].join('\n'),
        };
      };
      const first = await run();
      expect(first.counts, first.said).toEqual([1, 0]);
      const optedIn = await run({ GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: 'true' });
      expect(optedIn.counts, optedIn.said).toEqual([2, 1]);
      // Its folder trust: the folder, or one it is inside, in trustedFolders of config.json.
      env.write('~/.copilot/config.json', JSON.stringify({ trustedFolders: [env.root] }));
      const trusted = await run();
      expect(trusted.counts, trusted.said).toEqual([3, 2]);
    });

    test('what Hookpanel says of its fixtures is what Copilot runs: the skipped hooks do not run, a version 2 file not at all', async () => {
      env = makeEnv();
      // The fixtures, with each hook's command (a.sh … h.sh, g.ps1) made a recorder of its own letter.
      const asRecorders = (text: string) =>
        text.replace(/"(\w)\.(sh|ps1)"/g, (_m, letter: string) => JSON.stringify(recorder(letter).bash));
      env.write(
        '~/.copilot/hooks/problems.json',
        asRecorders(readFileSync(join(FIXTURES, 'copilot', 'problems.json'), 'utf8')),
      );
      env.write(
        '~/.copilot/hooks/v2.json',
        asRecorders(readFileSync(join(FIXTURES, 'copilot', 'wrong-version.json'), 'utf8')),
      );
      // g is PowerShell, which Copilot runs with pwsh: the test's own pwsh, first on Copilot's PATH, so
      // the run does not depend on whether this machine has PowerShell. It notes how it was called and
      // runs the command it was given (g's recorder) with sh.
      const pwshArgs = env.path('pwsh-args.txt');
      env.write(
        'pwsh-bin/pwsh',
        `#!/bin/sh\nprintf '%s\\n' "$@" > '${pwshArgs}'\nfor a; do last=$a; done\nexec sh -c "$last"\n`,
      );
      chmodSync(env.path('pwsh-bin/pwsh'), 0o755);
      stub = await startChatStub(shellThenReportChat('echo hi > out.txt'));
      const run = await runCopilot(agent, env, stub.url, 'write hi to out.txt', {
        env: { PATH: `${env.path('pwsh-bin')}:${env.processEnv.PATH}` },
      });
      expect(run.code, run.stderr).toBe(0);
      const fired = 'abcdefgh'.split('').filter((l) => recorded(l).length);
      // e: an unknown key is ignored; h: userPromptSubmitted ignores a matcher; g runs with pwsh. a
      // (unknown event), b (type), c (timeoutSec), d (matcher), f (not an object) and the version 2
      // file's a are skipped.
      expect(fired).toEqual(['e', 'g', 'h']);
      // As Hookpanel's validator says Copilot runs it: pwsh -nop -nol -c <the powershell text>.
      expect(readFileSync(pwshArgs, 'utf8').trimEnd().split('\n')).toEqual([
        '-nop',
        '-nol',
        '-c',
        recorder('g').bash,
      ]);
    });

    test("disableAllHooks in settings.json switches off settings.json's hooks, not the hook files'", async () => {
      env = makeEnv();
      env.write(
        '~/.copilot/settings.json',
        JSON.stringify({ disableAllHooks: true, hooks: { userPromptSubmitted: [recorder('settings')] } }),
      );
      writeCopilotHooks(env, 'file.json', { userPromptSubmitted: [recorder('file')] });
      stub = await startChatStub(() => ({ text: 'hello' }));
      const run = await runCopilot(agent, env, stub.url, 'say hello');
      expect(run.code, run.stderr).toBe(0);
      expect([recorded('settings').length, recorded('file').length]).toEqual([0, 1]);
    });
  },
);
