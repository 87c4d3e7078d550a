// Codex on another machine (docs/remote.md, "Connecting an agent there"), tier 2: the real Codex on the
// "remote" side of a real sshd (test/helpers/sshd.ts), offline against the Responses API stub. Connect
// --remote refuses, in words, while Codex is not there; once it is, Codex's own app server, run there
// over ssh, records its trust for exactly the hooks connect added, so its tool call reaches this
// computer (History names the machine) and a hosted rule here blocks its shell call; `remote remove`
// gives hooks.json and config.toml back byte for byte.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { shellQuote } from '../../electron/host/agents/bridge-command.js';
import { processesWithMarker, waitFor } from '../helpers/host.js';
import { shellThenReport, startResponsesStub } from '../helpers/responses-stub.js';
import { sshdMissing } from '../helpers/sshd.js';
import { agentForTests, AGENTS } from './agents.js';
import { codexExecArgs, PERSON_CONFIG, PERSON_HOOKS } from './codex-run.js';
import { startRemoteMachine } from './remote-machine.js';

vi.setConfig({ testTimeout: 300_000 });
const codex = await agentForTests('codex');
const missing = codex.agent ? sshdMissing() : codex.why;
const REASON = 'Hookpanel policy: no writing out.txt';

test('Codex and OpenSSH are there for this test', (ctx) => {
  if (!missing) return;
  if (process.env.CI) throw new Error(`the remote Codex test must run on CI: ${missing}`);
  ctx.skip(missing);
});

describe.skipIf(missing)(`Codex ${AGENTS.codex!.version} on another machine, connect codex --remote`, () => {
  test("refused while Codex is not there; then its trust recorded there through Codex, its shell call blocked by this computer's rule, History naming the machine; remote remove restores its files", async () => {
    const agent = codex.agent!;
    // The machine's PATH: its own bin folder (empty until Codex is "installed" there), Node, the system.
    const machine = await startRemoteMachine({
      dialect: 'codex',
      refuse: { needle: 'out.txt', reason: REASON },
      path: (root) => `${join(root, 'remote-bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
    });
    const remoteBin = join(machine.env.root, 'remote-bin');
    const { sshd, cli } = machine;
    const target = sshd.target;
    const codexDir = join(sshd.remoteHome, '.codex');
    const hooksJson = join(codexDir, 'hooks.json');
    const config = join(codexDir, 'config.toml');
    mkdirSync(codexDir, { recursive: true });
    writeFileSync(hooksJson, PERSON_HOOKS);
    writeFileSync(config, PERSON_CONFIG);
    const project = join(sshd.remoteHome, 'project');
    mkdirSync(project, { recursive: true });
    expect((await cli('remote', 'add', target)).code).toBe(0);

    const refused = await cli('connect', 'codex', '--remote', target, '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `hookpanel connect: Codex is not installed on ${target}: a command run there over ssh finds no codex on its PATH`,
    );
    expect(refused.stderr).toContain('Nothing was written.');
    expect(readFileSync(hooksJson, 'utf8')).toBe(PERSON_HOOKS);

    mkdirSync(remoteBin);
    symlinkSync(agent.bin, join(remoteBin, 'codex'));
    const connect = await cli('connect', 'codex', '--remote', target, '--yes');
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stdout).toContain(`Connected Codex on ${target}: ${hooksJson}`);
    expect(connect.stdout).toContain(
      `Codex now trusts the 7 hooks Hookpanel added (recorded through Codex in ${config}).`,
    );
    // Only what connect added is trusted, not the person's own hook.
    expect(readFileSync(config, 'utf8')).not.toContain(`"${hooksJson}:post_tool_use:0:0"`);
    expect(readFileSync(config, 'utf8')).toContain(`"${hooksJson}:post_tool_use:1:0"`);
    // Codex's app server there left with its ssh session.
    const appServers = () =>
      processesWithMarker(`HOME=${sshd.remoteHome}`).filter((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('app-server'),
      );
    expect(await waitFor(appServers, (p) => p.length === 0, 20_000)).toEqual([]);

    await machine.serve();
    const stub = await startResponsesStub(shellThenReport('echo hi > out.txt'));
    onTestFinished(() => stub.close());
    const exec = ['codex', ...codexExecArgs(project, stub.url, 'write hi to out.txt')];
    const run = await sshd.run(`cd ${shellQuote(project)} && NO_COLOR=1 ${exec.map(shellQuote).join(' ')}`);
    expect(run.code, `codex failed: ${run.stderr}\n${run.stdout}`).toBe(0);
    expect(existsSync(join(project, 'out.txt'))).toBe(false);
    const output = stub.requests
      .flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as Record<string, unknown>[]) : []))
      .find((i) => i.type === 'function_call_output' && i.call_id === 'call_shell_1');
    expect(String(output?.output)).toContain(REASON);

    const events = await machine.events('Stop');
    expect(new Set(events.map((e) => e.event))).toEqual(
      new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'Stop', 'SessionEnd']),
    );
    expect(events.every((e) => e.machine === target)).toBe(true);
    expect(events.filter((e) => e.decision === 'block')).toEqual([
      expect.objectContaining({ event: 'PreToolUse', reason: REASON }),
    ]);

    const removed = await cli('remote', 'remove', target);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(
      `Removed Codex's trust records for the 7 hooks Hookpanel had added (through Codex, in ${config}).`,
    );
    expect(readFileSync(hooksJson, 'utf8')).toBe(PERSON_HOOKS);
    expect(readFileSync(config, 'utf8')).toBe(PERSON_CONFIG);
    expect(existsSync(join(sshd.remoteHome, '.hookpanel-remote'))).toBe(false);
  });
});
