// Agents' parts found by convention in their dialects' folders: present ones listed in the manifests'
// order, absent optional ones left out, a part that fails to load or a missing required one named.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { agentParts } from '../../electron/host/agents/agent-parts.js';
import { REPO } from '../helpers/env.js';

let made: string | null = null;
afterEach(() => {
  if (made) rmSync(made, { recursive: true, force: true });
  made = null;
});

test('optional parts: only the agents whose folder has the file, in the manifests order', async () => {
  const withFile = DIALECT_MANIFESTS.filter(
    (m) => m.kind === 'agent' && existsSync(join(REPO, 'electron/host/dialects', m.id, 'script-pins.ts')),
  ).map((m) => m.id);
  const found = await agentParts('script-pins', 'scriptPins', 'optional');
  expect(found.map((p) => p.id)).toEqual(withFile);
  // Some agents have the part and some do not, so both sides of the convention are exercised.
  expect(found.length).toBeGreaterThan(1);
  expect(found.length).toBeLessThan(DIALECT_MANIFESTS.filter((m) => m.kind === 'agent').length);
  expect(found.map((p) => p.id)).toContain('codex');
  const guarded = await agentParts('guarded-mode', 'guardedMode', 'optional');
  expect(guarded.map((p) => [p.id, p.label])).toEqual([['claude', 'Claude Code']]);
});

test('a required part missing from an agent folder is an error naming the file', async () => {
  await expect(agentParts('no-such-part', 'thing', 'required')).rejects.toThrow(
    /electron\/host\/dialects\/\w+\/no-such-part/,
  );
  expect(await agentParts('no-such-part', 'thing', 'optional')).toEqual([]);
});

test('an optional part that is there but fails to load is not taken for absent', async () => {
  made = mkdtempSync(join(tmpdir(), 'hookpanel-parts-'));
  mkdirSync(join(made, 'qwen'));
  writeFileSync(
    join(made, 'qwen', 'broken-part.js'),
    "import { nothing } from './no-such-module.js';\nexport const part = nothing;\n",
  );
  const folder = pathToFileURL(`${made}/`);
  await expect(agentParts('broken-part', 'part', 'optional', folder)).rejects.toThrow(/no-such-module/);
  // The same folder without the broken file: no such part, not an error.
  rmSync(join(made, 'qwen', 'broken-part.js'));
  expect(await agentParts('broken-part', 'part', 'optional', folder)).toEqual([]);
});
