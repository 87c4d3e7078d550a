// An agent's guard events fail closed in the agent's own protocol: a payload Hookpanel refuses (here,
// nested past the limit) on a guard event blocks (exit 2, the reason on stderr, nothing on stdout, as
// Codex and Gemini CLI read a block; a deny in JSON on exit 0 where that is the agent's block), and on
// any other event lets the agent go on. Events from each agent manifest's conventions.guardEvents.
import { afterEach, describe, expect, test } from 'vitest';
import { DIALECT_MANIFESTS, type DialectManifest } from '../../shared/dialects.js';
import type { JsonDenyKey } from '../../shared/manifest.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const deep = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
const cases = DIALECT_MANIFESTS.filter((m) => m.kind === 'agent').flatMap((m) =>
  m.conventions.guardEvents.map((event) => ({
    dialect: m.id,
    event,
    denyKey: (m.conventions as DialectManifest['conventions']).denyInJson?.[event],
  })),
);

/**
 * Each way an agent reads a deny in JSON, written out here as the agent documents it; which agent and
 * event deny in JSON rather than exit 2 is its manifest's `conventions.denyInJson`. Claude Code reads
 * exit 2 on PermissionRequest as no decision; Copilot CLI blocks on exit 2 but drops its reason
 * (docs/agents/copilot.md, "Answers").
 */
const JSON_DENIES: Record<JsonDenyKey, (event: string, reason: string) => unknown> = {
  'hookSpecificOutput.decision.behavior': (event, message) => ({
    hookSpecificOutput: { hookEventName: event, decision: { behavior: 'deny', message } },
  }),
  permissionDecision: (_event, reason) => ({ permissionDecision: 'deny', permissionDecisionReason: reason }),
  behavior: (_event, message) => ({ behavior: 'deny', message }),
};

describe('guard events of the agents fail closed', () => {
  test.each(cases)(
    '$dialect $event: a refused payload blocks, in its protocol',
    async ({ dialect, event, denyKey }) => {
      env = makeEnv();
      const r = await runCli(['emit', dialect, event], {
        env: env.processEnv,
        cwd: env.workspace,
        input: deep,
      });
      const reason = `hookpanel: the payload nests deeper than the limit of 512 levels; a guard on ${event} fails closed`;
      if (denyKey)
        expect(r).toEqual({
          code: 0,
          stdout: `${JSON.stringify(JSON_DENIES[denyKey](event, reason))}\n`,
          stderr: '',
        });
      else expect(r).toEqual({ code: 2, stdout: '', stderr: `${reason}\n` });
    },
  );

  test('a non-guard event of the same agents goes on (exit 1, a one-line error)', async () => {
    env = makeEnv();
    for (const [dialect, event] of [
      ['codex', 'Stop'],
      ['gemini', 'AfterAgent'],
    ] as const) {
      const r = await runCli(['emit', dialect, event], {
        env: env.processEnv,
        cwd: env.workspace,
        input: deep,
      });
      expect(r.code, `${dialect} ${event}`).toBe(1);
      expect(r.stdout).toBe('');
    }
  });
});
