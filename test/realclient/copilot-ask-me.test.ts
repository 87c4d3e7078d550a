// Ask me on the real GitHub Copilot CLI: connected through `hookpanel connect copilot --yes`, Ask me on,
// a host holding its permissionRequest until it is answered through the panel API. Run without
// --allow-all-tools, where Copilot -p has no one to ask and denies by itself, so what happens is the
// person's answer: Allow, and the command ran; Deny, and it did not and Copilot reports the reason.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { shellThenReportChat, startChatStub, type ChatStub } from '../helpers/chat-completions-stub.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { agentForTests, AGENTS } from './agents.js';
import { answerFirst, holdingHost } from './ask-me-host.js';
import { connectCli, type ConnectedHost } from './connected.js';
import { runCopilot } from './copilot-run.js';

vi.setConfig({ testTimeout: 300_000 });
const copilot = await agentForTests('copilot');
let env: TestEnv;
let served: ConnectedHost | null = null;
let stub: ChatStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
  await served?.close();
  served = null;
  await env?.cleanup();
});

const REASON = 'Hookpanel: the person said not now';

/** Connected as a person does, with Ask me on for Copilot and a host holding its requests. */
async function connectedHolding(): Promise<ConnectedHost> {
  env = makeEnv();
  served = await holdingHost(env, 'copilot');
  const connected = await connectCli(env, 'connect', 'copilot');
  expect(connected.code, connected.stderr).toBe(0);
  return served;
}

describe.skipIf(!copilot.agent)(
  `GitHub Copilot CLI ${AGENTS.copilot!.version}: Ask me through its permissionRequest hook ${copilot.why}`,
  () => {
    const agent = copilot.agent!;
    const command = 'echo hi > out.txt';

    test('Allow: the held request is answered allow and the command runs', async () => {
      const h = await connectedHolding();
      stub = await startChatStub(shellThenReportChat(command));
      const [run, held] = await Promise.all([
        runCopilot(agent, env, stub.url, 'write hi to out.txt', { allowAllTools: false }),
        answerFirst(h, { behavior: 'allow' }),
      ]);
      expect(held).toMatchObject({ agent: 'copilot', tool: 'bash', subject: command });
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(true);
      const history = await h.history('copilot');
      expect(history.events).toEqual(expect.arrayContaining(['permissionRequest', 'postToolUse']));
      expect(history.blocked).toEqual([]);
    });

    test('Deny: the command does not run and Copilot reports the reason', async () => {
      const h = await connectedHolding();
      stub = await startChatStub(shellThenReportChat(command));
      const [run] = await Promise.all([
        runCopilot(agent, env, stub.url, 'write hi to out.txt', { allowAllTools: false }),
        answerFirst(h, { behavior: 'deny', reason: REASON }),
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(join(env.workspace, 'out.txt'))).toBe(false);
      expect(run.stdout).toContain(`Permission denied by a PermissionRequest hook: ${REASON}`);
      const tool = (stub.mainRequests().at(-1)!.body.messages as { role: string; content: unknown }[]).filter(
        (m) => m.role === 'tool',
      );
      expect(JSON.stringify(tool)).toContain(REASON);
      const history = await h.history('copilot');
      expect(history.blocked).toEqual([{ event: 'permissionRequest', reason: REASON }]);
    });
  },
);
