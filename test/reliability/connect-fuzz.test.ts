// Property-based fuzzing of connect then disconnect on generated agent settings files (Claude Code's,
// Gemini CLI's and Factory Droid's settings.json, Codex's hooks.json): other keys and hooks of the person's
// own, comments, any indentation, one line, CRLF, a BOM, no final newline. Connect either refuses, naming
// the file and writing nothing, or writes a file that keeps every other key; disconnect then gives back the
// original bytes. Broken files (cut short, a trailing comma, `hooks` of the wrong type) must be refused
// with the file untouched. Through the host's own functions (the panel's Connect) for speed, and a few
// times through the real `hookpanel connect` and `disconnect`. Seeded (fuzzSeed); fast-check shrinks a
// failure.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandTarget } from '../../electron/host/agents/bridge-command.js';
import { parseBridgeCommand } from '../../electron/host/agents/bridge-command.js';
import { connectAgent, disconnectAgent, previewConnect } from '../../electron/host/agents/agents.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { fuzzScale, fuzzSeed } from './fuzz-kit.js';

const SEED = fuzzSeed('test/reliability/connect-fuzz.test.ts');
const SCALE = fuzzScale();
const RUNS = 40 * SCALE;
const TIMEOUT = 600_000 * SCALE;

/** An installation path with a space and a quote, so the bridge command is quoted as it must be. */
const target: CommandTarget = {
  execPath: '/opt/My Tools/node',
  runAsNode: false,
  cliPath: '/opt/hookpanel/dist/electron/cli/main.js',
  hookScript: "/opt/hook's/electron/cli/hookpanel-hook.sh",
};

const AGENTS = [
  { id: 'claude', file: '.claude/settings.json', events: ['PreToolUse', 'Stop', 'Notification'] },
  { id: 'gemini', file: '.gemini/settings.json', events: ['BeforeTool', 'AfterAgent', 'SessionStart'] },
  { id: 'codex', file: '.codex/hooks.json', events: ['PreToolUse', 'Stop', 'SessionStart'] },
  { id: 'droid', file: '.factory/settings.json', events: ['PreToolUse', 'Stop', 'SessionStart'] },
] as const;

// ---- generated files ----------------------------------------------------------------------------

/** A JSON value with its members' order kept: [key, value] pairs for objects. */
type Value = null | boolean | number | string | Value[] | { members: [string, Value][] };

const key = fc.oneof(
  fc.constantFrom('model', 'ui', 'permissions', 'env', 'someFutureKey', 'é ü', ''),
  fc.string({ maxLength: 8 }),
);
const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const { value } = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.record({ members: fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }) }),
  ),
}));

/** The person's own hooks: commands that are never the bridge (disconnect would rightly take those). */
const ownCommand = fc
  .oneof(
    fc.constantFrom('npx prettier --check', 'notify-send done', 'say "done"'),
    fc.string({ maxLength: 12 }),
  )
  .filter((c) => parseBridgeCommand(c) === null);
const group = (withMatcher: boolean): fc.Arbitrary<Value> =>
  fc
    .tuple(
      fc.option(fc.constantFrom('Bash', 'Edit|Write', '*', ''), { nil: undefined }),
      fc.array(ownCommand, { minLength: 1, maxLength: 2 }),
    )
    .map(([matcher, commands]) => ({
      members: [
        ...(withMatcher && matcher !== undefined ? ([['matcher', matcher]] as [string, Value][]) : []),
        [
          'hooks',
          commands.map((command) => ({
            members: [
              ['type', 'command'],
              ['command', command],
            ] as [string, Value][],
          })),
        ],
      ],
    }));
const hooksOf = (events: readonly string[]) =>
  fc
    .array(
      // An empty list (`"Stop": []`) too: connect adds its group there, and disconnect leaves it empty.
      fc.tuple(fc.constantFrom(...events, 'SomeOtherEvent'), fc.array(group(true), { maxLength: 2 })),
      { maxLength: 3 },
    )
    .map((entries): Value => ({ members: [...new Map(entries)].map(([e, g]) => [e, g] as [string, Value]) }));

/** How the file is written: indentation, line ends, comments, BOM, final newline, spaces. */
interface Style {
  indent: string | null;
  eol: '\n' | '\r\n';
  comments: boolean;
  bom: boolean;
  finalEol: boolean;
  space: string;
}
const style: fc.Arbitrary<Style> = fc.record({
  indent: fc.constantFrom('  ', '    ', '\t', null),
  eol: fc.constantFrom('\n' as const, '\r\n' as const),
  comments: fc.boolean(),
  bom: fc.boolean(),
  finalEol: fc.boolean(),
  space: fc.constantFrom('', ' ', '  '),
});

/** Writes a value as a person might: `indent` null keeps it on one line; comments between members. */
function render(v: Value, s: Style, depth = 0, n = { comment: 0 }): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const items = Array.isArray(v)
    ? v.map((x) => render(x, s, depth + 1, n))
    : v.members.map(([k, x]) => `${JSON.stringify(k)}:${s.space}${render(x, s, depth + 1, n)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  const comment = () => {
    n.comment++;
    return n.comment % 2 ? `/* note ${n.comment} */ ` : null;
  };
  if (s.indent === null) {
    const body = items.map((item) => (s.comments ? `${comment() ?? ''}${item}` : item)).join(`,${s.space}`);
    return `${open}${body}${close}`;
  }
  if (!items.length) return `${open}${close}`;
  const inner = s.indent.repeat(depth + 1);
  const lines = items.map((item, i) => {
    const c = s.comments ? comment() : null;
    const before = c ? `${inner}// ${c.trim()}${s.eol}` : '';
    return `${before}${inner}${item}${i < items.length - 1 ? ',' : ''}`;
  });
  return `${open}${s.eol}${lines.join(s.eol)}${s.eol}${s.indent.repeat(depth)}${close}`;
}

/** Other keys; half the files have none, as an agent checks their types (Codex allows none at all). */
const others = fc.oneof(fc.constant([]), fc.array(fc.tuple(key, value), { maxLength: 4 }));

const settingsFile = (events: readonly string[]) =>
  fc.tuple(others, fc.option(hooksOf(events), { nil: undefined }), style).map(([others, hooks, s]) => {
    const members = others.filter(([k]) => k !== 'hooks');
    if (hooks) members.splice(Math.min(1, members.length), 0, ['hooks', hooks]);
    const text = render({ members }, s);
    return `${s.bom ? '\ufeff' : ''}${text}${s.finalEol ? s.eol : ''}`;
  });

/** Files no agent could read, or whose hooks connect could not add to: each must be refused. */
const brokenFile = (events: readonly string[]) =>
  fc.oneof(
    settingsFile(events)
      .filter((t) => t.trim().length > 2)
      .chain((t) => fc.integer({ min: 1, max: t.trim().length - 1 }).map((cut) => t.trim().slice(0, cut))),
    fc.constantFrom(
      '[]',
      '"hooks"',
      '{"hooks": 5}',
      '{"hooks": []}',
      `{"hooks": {"${events[0]}": {}}}`,
      `{"hooks": {"${events[0]}": "x"}}`,
      '{"a": 1,}',
      '{"a": 1} {"b": 2}',
    ),
  );

/** Files with nothing but what connect adds to, in three styles (Codex's file takes no comment). */
const PLAIN_FILES = ['{}', '{\r\n\t"hooks": {}\r\n}\r\n', '\ufeff{ /* mine */ "hooks": { } }'];

// ---- the properties -----------------------------------------------------------------------------

let env: TestEnv;
beforeAll(() => {
  env = makeEnv();
  // No agent on PATH: Codex's trust step then says it is not installed, and nothing else runs.
  mkdirSync(env.path('empty-bin'));
  env.processEnv.PATH = env.path('empty-bin');
});
afterAll(() => env.cleanup());

const deps = () => ({ host: env.host });

/** Connect as the panel does: the preview, then the change it showed. Null when done, else the refusal. */
async function connect(agent: string): Promise<string | null> {
  const preview = await previewConnect(deps(), agent, true, target);
  if (preview.kind === 'refused') return preview.message;
  const done = await connectAgent(deps(), agent, preview.plan.diff, target);
  return done.kind === 'refused' ? done.message : null;
}

/** Disconnect as the panel does; what connect wrote is always Hookpanel's to take back. */
async function disconnect(agent: string): Promise<void> {
  const preview = await previewConnect(deps(), agent, false, target);
  expect(preview).toMatchObject({ kind: 'planned' });
  if (preview.kind === 'refused') return;
  expect(await disconnectAgent(deps(), agent, preview.plan.diff, target)).toMatchObject({ kind: 'done' });
}

/** The file's value with comments allowed: what the agent reads of it. */
function valueOf(text: string): unknown {
  const errors: ParseError[] = [];
  const v = parseJsonc(text.replace(/^\ufeff/, ''), errors) as unknown;
  return errors.length ? undefined : v;
}

function reset(path: string): void {
  rmSync(path, { force: true });
  rmSync(join(env.hookpanelHome, 'agents.json'), { force: true });
}

describe.each(AGENTS)('connect then disconnect $id', ({ id, file, events }) => {
  const path = () => join(env.home, file);

  test('gives back the original bytes, or refuses and writes nothing', { timeout: TIMEOUT }, async () => {
    let roundTrips = 0;
    await fc.assert(
      fc.asyncProperty(settingsFile(events), async (original) => {
        reset(path());
        mkdirSync(join(path(), '..'), { recursive: true });
        writeFileSync(path(), original);
        const refused = await connect(id);
        if (refused !== null) {
          expect(refused).toContain(path());
          expect(readFileSync(path(), 'utf8')).toBe(original);
          return;
        }
        const connected = readFileSync(path(), 'utf8');
        expect(connected).not.toBe(original);
        // Every key of the person's own is kept, as it was.
        const before = valueOf(original) as Record<string, unknown>;
        const after = valueOf(connected) as Record<string, unknown>;
        expect(after).toBeDefined();
        for (const k of Object.keys(before).filter((k) => k !== 'hooks')) expect(after[k]).toEqual(before[k]);
        await disconnect(id);
        expect(readFileSync(path(), 'utf8')).toBe(original);
        roundTrips++;
      }),
      // Most generated files are refused (an agent checks the types of the keys it knows), and a seed
      // may draw no other (CI's 1115357181 drew none for Codex): plain files, tried first whatever the
      // seed, take the round trip.
      { seed: SEED, numRuns: RUNS, examples: PLAIN_FILES.map((f) => [f]) },
    );
    // Not every file refused: the round trip itself was tried.
    console.log(`${id}: ${roundTrips} of ${RUNS} files connected and disconnected`);
    expect(roundTrips).toBeGreaterThan(0);
  });

  test('refuses a broken file, naming it, and leaves it as it was', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(brokenFile(events), async (text) => {
        reset(path());
        mkdirSync(join(path(), '..'), { recursive: true });
        // Compared as the bytes written: a file cut inside a surrogate pair is written with U+FFFD in its
        // place (UTF-8 has no lone surrogate), so its text reads back otherwise (seed 1508559449).
        const original = Buffer.from(text);
        writeFileSync(path(), original);
        const refused = await connect(id);
        expect(refused).toContain(path());
        expect(readFileSync(path())).toEqual(original);
      }),
      { seed: SEED, numRuns: RUNS / 2 },
    );
  });

  test('a file connect created, disconnect removes', async () => {
    reset(path());
    await connect(id);
    expect(existsSync(path())).toBe(true);
    await disconnect(id);
    expect(existsSync(path())).toBe(false);
  });
});

test('the real hookpanel connect and disconnect give back the bytes of generated files', async () => {
  const cli = makeEnv();
  try {
    const run = (args: string[]) =>
      runCli(args, { env: cli.processEnv, cwd: cli.workspace, timeoutMs: 60_000 });
    const samples = fc.sample(settingsFile(AGENTS[0].events), { seed: SEED, numRuns: 3 });
    for (const [i, original] of samples.entries()) {
      // Claude Code and Gemini: Codex's trust step would look for a codex on PATH.
      const { id, file } = AGENTS[i % 2]!;
      const path = cli.write(`~/${file}`, original);
      const on = await run(['connect', id, '--yes']);
      if (on.code !== 0) {
        // Refused: one line naming the file, and the file as it was.
        expect(on.stderr).toContain(path);
        expect(readFileSync(path, 'utf8')).toBe(original);
        continue;
      }
      expect(readFileSync(path, 'utf8')).not.toBe(original);
      const off = await run(['disconnect', id, '--yes']);
      expect(off.code, off.stderr).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe(original);
    }
  } finally {
    await cli.cleanup();
  }
});
