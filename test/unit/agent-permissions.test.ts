// An agent's permission requests belong to its own folder (electron/host/dialects/<id>/permissions.ts),
// found by convention for each manifest that names a permission event; electron/host/permissions/ is
// the mechanism every agent shares and knows no agent's events, payloads or folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
import type { DialectManifest } from '../../shared/manifest.js';
import { agentConnector } from '../../electron/host/agents/connector.js';
import { agentPermissions } from '../../electron/host/permissions/agent-permissions.js';
import { ASK_ME_AGENTS, permissionEventOf } from '../../electron/host/permissions/ask-me.js';
import { REPO } from '../helpers/env.js';

const manifests: readonly DialectManifest[] = DIALECT_MANIFESTS;
const dialectsDir = join(REPO, 'electron', 'host', 'dialects');

describe('found by convention', () => {
  test('each agent whose manifest names a permission event has its part; no other agent has one', async () => {
    const parts = await agentPermissions();
    expect([...parts.keys()]).toEqual(ASK_ME_AGENTS);
    expect(ASK_ME_AGENTS.length).toBeGreaterThanOrEqual(2);
    for (const m of manifests.filter((d) => d.kind === 'agent')) {
      const file = join(dialectsDir, m.id, 'permissions.ts');
      if (!m.permissionEvent) {
        expect(ASK_ME_AGENTS, m.id).not.toContain(m.id);
        expect(existsSync(file), `${file} without a permissionEvent in its manifest`).toBe(false);
        continue;
      }
      // The event is the agent's own, and connect writes its bridge hook (always, or with Ask me on).
      expect(permissionEventOf(m.id)).toBe(m.permissionEvent);
      expect(m.events.map((e) => e.name)).toContain(m.permissionEvent);
      const connector = (await agentConnector(m.id))!.connector;
      expect([...connector.events, ...(connector.askMeEvents ?? [])]).toContain(m.permissionEvent);
    }
    expect(ASK_ME_AGENTS).not.toContain('gemini');
  });

  test('permissions/ is the mechanism: no agent folder, event or payload field in it', () => {
    const dir = join(REPO, 'electron', 'host', 'permissions');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const word of [
        /from '[^']*dialects\/(?!\$)[a-z]+\//,
        /\btool_input\b/,
        /\bsession_id\b/,
        /'(PostToolUse|Stop|SessionEnd|PermissionRequest)'/,
      ])
        if (word.test(text)) found.push(`${relative(REPO, join(dir, f))}: ${word.source}`);
    }
    expect(found).toEqual([]);
  });
});

describe("Claude Code's part (Codex shares its shapes)", () => {
  const payload = {
    session_id: 's1',
    cwd: '/w/proj',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf build', description: 'clean the build' },
  };

  test('the request reads as tool, command, justification, folder and session', async () => {
    const claude = (await agentPermissions()).get('claude')!;
    expect(claude.read(payload)).toEqual({
      tool: 'Bash',
      input: payload.tool_input,
      subject: 'rm -rf build',
      justification: 'clean the build',
      cwd: '/w/proj',
      sessionId: 's1',
      callKey: JSON.stringify(['Bash', payload.tool_input]),
    });
  });

  test("a person's deny and allow are hookSpecificOutput.decision on exit 0", async () => {
    const claude = (await agentPermissions()).get('claude')!;
    const deny = claude.answer({ behavior: 'deny', reason: 'use the test database', always: null });
    expect(deny.exitCode).toBe(0);
    expect(JSON.parse(deny.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'use the test database' },
      },
    });
    const suggestion = { type: 'addRules', behavior: 'allow', rules: [{ toolName: 'Bash' }] };
    const allow = claude.answer({
      behavior: 'allow',
      reason: null,
      always: { rules: ['Bash'], file: null, where: 'x', updatedPermissions: [suggestion], written: false },
    });
    expect(JSON.parse(allow.stdout).hookSpecificOutput.decision).toEqual({
      behavior: 'allow',
      updatedPermissions: [suggestion],
    });
  });

  test('the call that ran withdraws its own request; a turn that ended, every one of its session', async () => {
    // The agents of Claude Code's shapes, whose event is `PermissionRequest` (Copilot CLI's own:
    // test/unit/dialects/copilot.test.ts).
    const claudeShaped = DIALECT_MANIFESTS.filter((m) => permissionEventOf(m.id) === 'PermissionRequest');
    expect(claudeShaped.length).toBeGreaterThan(1);
    for (const { id } of claudeShaped) {
      const part = (await agentPermissions()).get(id)!;
      const key = part.read(payload).callKey;
      expect(part.movedOn('PostToolUse', payload)).toEqual({ sessionId: 's1', call: key });
      expect(part.movedOn('PostToolUseFailure', payload)).toEqual({ sessionId: 's1', call: key });
      expect(part.movedOn('Stop', payload)).toEqual({ sessionId: 's1', call: null });
      expect(part.movedOn('SessionEnd', payload)).toEqual({ sessionId: 's1', call: null });
      expect(part.movedOn('PreToolUse', payload)).toBeNull();
      expect(part.movedOn('Stop', { ...payload, session_id: undefined })).toBeNull();
    }
  });
});
