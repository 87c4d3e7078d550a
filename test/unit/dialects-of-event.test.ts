// The in-process emit reads the files of its event's dialect and of the one dialect that lists the
// workspace's cross-tool .mcp.json (load.ts, dialectsOfEvent): that must stay the only other dialect
// whose files an event can use, so every dialect's places are checked for the file here.
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import { CROSS_TOOL_MCP_DIALECT, dialectsOfEvent } from '../../electron/host/sources/load.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

test("only the cross-tool dialect lists the workspace's .mcp.json among its places", () => {
  env = makeEnv();
  const mcpJson = join(env.workspace, '.mcp.json');
  const listing = DIALECT_MODULES.filter((m) => m.locate(env.ctx()).some((c) => c.path === mcpJson));
  expect(listing.map((m) => m.dialect)).toEqual([CROSS_TOOL_MCP_DIALECT]);
});

test("an event's dialects: its own and the cross-tool one, once each", () => {
  for (const mod of DIALECT_MODULES) {
    const named = dialectsOfEvent(mod.dialect).map((m) => m.dialect);
    expect(new Set(named)).toEqual(new Set([mod.dialect, CROSS_TOOL_MCP_DIALECT]));
    expect(named).toHaveLength(new Set(named).size);
  }
});
