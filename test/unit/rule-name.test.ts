// Naming a rule by what it does: its own name where the file gives one, else its command shortened,
// with the position as detail; the same names for a rule loaded from its file and for its records.
import { describe, expect, test } from 'vitest';
import {
  describeHandler,
  isPositionalName,
  ruleLabel,
  ruleText,
  shortCommand,
  tildePath,
} from '../../shared/rule-name.js';
import { makeEnv } from '../helpers/env.js';

describe('shortCommand', () => {
  test.each([
    ['/usr/bin/python3 /home/u/.claude/hooks/check_bash.py --strict', 'python3 check_bash.py --strict'],
    ["/bin/echo audit 'argument with spaces'", "echo audit 'argument with spaces'"],
    ['bash "$CLAUDE_PROJECT_DIR/.claude/hooks/fmt.sh" --all', 'bash "fmt.sh" --all'],
    ['/opt/hookpanel/bin/hookpanel emit claude Stop', 'hookpanel emit claude Stop'],
    // Arguments that are not scripts stay whole: they are what the command does.
    ['rm -rf /tmp/build', 'rm -rf /tmp/build'],
    ['POST https://hooks.example.com/a/b', 'POST https://hooks.example.com/a/b'],
    ['echo one\n   two', 'echo one two'],
  ])('%j reads %j', (command, short) => {
    expect(shortCommand(command)).toBe(short);
  });

  test('a long command is cut with an ellipsis', () => {
    const short = shortCommand(`echo ${'x'.repeat(200)}`, 30);
    expect(short).toHaveLength(30);
    expect(short.endsWith('…')).toBe(true);
  });
});

describe('ruleLabel', () => {
  test('a generated name gives way to the command; the position is the detail', () => {
    const l = ruleLabel({
      name: 'PreToolUse[0].hooks[1]',
      handler: { kind: 'exec', argv: ['/bin/echo', 'audit'] },
      index: 1,
    });
    expect(l).toEqual({
      title: 'echo audit',
      position: 'PreToolUse[0].hooks[1]',
      named: false,
      command: '/bin/echo audit',
    });
  });

  test("a rule's own name is its title, its place in the file the detail", () => {
    const l = ruleLabel({ name: 'lint-on-write', handler: 'python3 run_ruff.py', index: 0 });
    expect(l.title).toBe('lint-on-write');
    expect(l.position).toBe('hooks[0]');
    expect(l.named).toBe(true);
  });

  test('a named rule of a file that groups hooks by event is placed as its key reads', () => {
    const l = ruleLabel({
      name: 'format-on-save',
      handler: 'prettier --write',
      index: 4,
      events: ['AfterTool'],
      group: 1,
      hookIndex: 0,
    });
    expect([l.title, l.position]).toEqual(['format-on-save', 'AfterTool[1].hooks[0]']);
  });

  test('io and arya names made from the index are positions too', () => {
    expect(isPositionalName('hook-2')).toBe(true);
    expect(isPositionalName('rule-0')).toBe(true);
    expect(isPositionalName('BeforeTool[3].hooks[0]')).toBe(true);
    // Copilot CLI lists an event's hooks without groups.
    expect(isPositionalName('preToolUse[1]')).toBe(true);
    expect(
      ruleLabel({ name: 'preToolUse[1]', handler: { kind: 'shell', command: '/x/guard.sh' } }),
    ).toMatchObject({
      title: 'guard.sh',
      position: 'preToolUse[1]',
      named: false,
    });
    expect(isPositionalName('turn/stopping')).toBe(false);
    expect(isPositionalName('my hook-2 checker')).toBe(false);
  });

  test('a record names its rule as the loaded rule does', () => {
    const handler = { kind: 'shell' as const, command: 'grep -q x && exit 2' };
    const fromSource = ruleLabel({ name: 'Stop[0].hooks[0]', handler, index: 0 });
    const fromRecord = ruleLabel({ name: 'Stop[0].hooks[0]', handler: describeHandler(handler), index: 0 });
    expect(fromRecord).toEqual(fromSource);
    expect(ruleText({ name: 'Stop[0].hooks[0]', handler, index: 0 })).toBe(
      'grep -q x && exit 2 (Stop[0].hooks[0])',
    );
  });
});

test('rules loaded from real files: generated names give way to commands, own names stay', async () => {
  const env = makeEnv();
  try {
    env.place('~/.config/agents/settings.json', 'pw/valid.json');
    env.place('~/.arya/polish/hooks.json', 'arya/valid-array.json');
    const sources = await env.load();
    const rules = sources.flatMap((s) =>
      s.rules.map((r) => ({ r, label: ruleLabel({ ...r, handler: r.handler }) })),
    );
    expect(rules.length).toBeGreaterThan(3);
    for (const { r, label } of rules) {
      if (isPositionalName(r.name)) {
        expect(label.title).not.toBe(r.name);
        expect(label.position).toBe(r.name);
      } else {
        expect(label.title).toBe(r.name);
        expect(label.position).toBe(`hooks[${r.index}]`);
      }
    }
  } finally {
    await env.cleanup();
  }
});

test('tildePath shows the home folder as ~', () => {
  expect(tildePath('/home/u/.claude/settings.json', '/home/u')).toBe('~/.claude/settings.json');
  expect(tildePath('/home/u/.claude/settings.json', '/home/u/')).toBe('~/.claude/settings.json');
  expect(tildePath('/home/user2/x', '/home/u')).toBe('/home/user2/x');
});
