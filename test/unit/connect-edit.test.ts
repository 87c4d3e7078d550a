// The text edits of connect and disconnect, on every style of file a person keeps: each connect
// followed by its disconnect gives the original bytes back; and what counts as the bridge.
import { describe, expect, test } from 'vitest';
import {
  bridgeCommand,
  parseBridgeCommand,
  shellQuote,
  type CommandTarget,
} from '../../electron/host/agents/bridge-command.js';
import { planConnect, planDisconnect, type BridgeSpec } from '../../electron/host/agents/settings-edit.js';

const target: CommandTarget = {
  execPath: '/opt/My Tools/node',
  runAsNode: false,
  cliPath: '/opt/hookpanel/dist/electron/cli/main.js',
  hookScript: "/opt/hook's/electron/cli/hookpanel-hook.sh",
};
const host = { home: '/home/me', platform: 'linux' as const, env: { HOOKPANEL_HOME: '/home/me/hp' } };
const spec: BridgeSpec = {
  dialect: 'gemini',
  events: ['BeforeTool', 'AfterAgent'],
  command: (e) => bridgeCommand(target, host, 'gemini', e, e === 'BeforeTool'),
  extras: () => ({ name: 'hookpanel', timeout: 600000 }),
};

describe('connect and disconnect edits', () => {
  test.each([
    ['no hooks key, two-space indent', '{\n  "ui": { "theme": "GitHub" }\n}\n'],
    ['one line', '{"ui":{"theme":"x"}}'],
    [
      'tabs and CRLF',
      '{\r\n\t"hooks": {\r\n\t\t"BeforeTool": [\r\n\t\t\t{ "hooks": [] }\r\n\t\t]\r\n\t}\r\n}\r\n',
    ],
    ['comments, an empty hooks object', '{\n  // keep me\n  "hooks": { /* and me */ }\n}\n'],
    [
      'events of its own',
      '{\n    "hooks": {\n        "AfterAgent": [ { "hooks": [ { "type": "command", "command": "notify-send done" } ] } ]\n    }\n}\n',
    ],
  ])('%s: disconnect restores the bytes connect changed', (_what, original) => {
    const on = planConnect('/s.json', original, spec);
    expect(on.changed).toBe(true);
    expect(planConnect('/s.json', on.after, spec).changed).toBe(false);
    expect(planDisconnect('/s.json', on.after, spec, !original.includes('"hooks"')).after).toBe(original);
  });

  test('a group mixing the bridge with hooks of its own is left alone by disconnect', () => {
    const mixed = JSON.stringify({
      hooks: {
        AfterAgent: [
          {
            hooks: [
              { type: 'command', command: 'hookpanel emit gemini AfterAgent' },
              { type: 'command', command: 'say done' },
            ],
          },
        ],
      },
    });
    expect(planDisconnect('/s.json', mixed, spec).changed).toBe(false);
  });

  test('written entries say where each bridge hook lands (for Codex trust keys)', () => {
    const on = planConnect(
      '/s.json',
      '{ "hooks": { "BeforeTool": [ { "hooks": [] }, { "hooks": [] } ] } }\n',
      spec,
    );
    expect(on.written).toEqual([
      { event: 'BeforeTool', group: 2, hook: 0 },
      { event: 'AfterAgent', group: 0, hook: 0 },
    ]);
  });
});

describe('the bridge command', () => {
  test('absolute and quoted, HOOKPANEL_HOME written in; the fast path carries its fallback', () => {
    expect(bridgeCommand(target, host, 'codex', 'Stop', false)).toBe(
      "HOOKPANEL_HOME=/home/me/hp '/opt/My Tools/node' /opt/hookpanel/dist/electron/cli/main.js emit codex Stop",
    );
    expect(
      bridgeCommand({ ...target, runAsNode: true }, { ...host, env: {} }, 'codex', 'PreToolUse', true),
    ).toBe(
      "ELECTRON_RUN_AS_NODE=1 HOOKPANEL_NODE='/opt/My Tools/node' HOOKPANEL_CLI=/opt/hookpanel/dist/electron/cli/main.js '/opt/hook'\\''s/electron/cli/hookpanel-hook.sh' codex PreToolUse",
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  test.each([
    ['hookpanel emit claude Stop', { dialect: 'claude', event: 'Stop', fast: false }],
    [
      '/usr/local/bin/hookpanel emit pw PreToolUse --json',
      { dialect: 'pw', event: 'PreToolUse', fast: false },
    ],
    ['hookpanel-hook gemini BeforeTool', { dialect: 'gemini', event: 'BeforeTool', fast: true }],
    [
      bridgeCommand(target, host, 'codex', 'PreToolUse', true),
      { dialect: 'codex', event: 'PreToolUse', fast: true },
    ],
    [
      bridgeCommand(target, host, 'arya', 'turn/stopping', false),
      { dialect: 'arya', event: 'turn/stopping', fast: false },
    ],
    ['hookpanel check', null],
    ['node ./main.js emit codex Stop', null],
    ['echo hookpanel emit claude Stop', null],
    ["grep -q 'rm -rf' && exit 2", null],
  ])('%s', (command, expected) => {
    expect(parseBridgeCommand(command)).toEqual(expected);
  });
});
