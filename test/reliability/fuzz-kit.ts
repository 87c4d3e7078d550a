// Hostile hook files for every dialect's loader, and the properties every load must keep. Shared by
// the fuzz tests (test/reliability) and their longer run (test/bench/reliability-fuzz.ts).
//
// Files are generated from the seeds' schemas (right keys with wrong types, unknown keys, deep
// nesting, huge numbers, odd unicode) and written in each format with its own edge cases (YAML
// anchors, aliases and tags; TOML dates, inf and redefined tables; JSON with comments, a BOM,
// trailing commas, duplicate keys), plus byte mutations of the fixtures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify as tomlStringify } from 'smol-toml';
import { stringify as yamlStringify } from 'yaml';
import { DIALECT_IDS } from '../../shared/dialects.js';
import type { Dialect, Diagnostic, Source } from '../../shared/model.js';
import { dialectModule } from '../../electron/host/dialects/registry.js';
import { loadSources } from '../../electron/host/sources/load.js';
import { TrustStore } from '../../electron/host/trust/store.js';
import type { TestEnv } from '../helpers/env.js';
import { FIXTURES, REPO } from '../helpers/env.js';

/** The fixtures, also when this runs compiled from dist/ (the bench). */
const FIXTURE_DIR = existsSync(FIXTURES) ? FIXTURES : join(REPO, '..', 'test', 'fixtures');

/** What the fuzzer knows of one dialect: test/reliability/fuzz/<id>.ts, found by the registry's convention. */
export interface FuzzSpec {
  /** Where the fuzzed file is written (`~/…` in the home, `ws/…` in the workspace). */
  target: string;
  /** Generated files, as text. */
  text: fc.Arbitrary<string>;
  /** Folders under test/fixtures/ whose files are mutated byte by byte. */
  fixtures: string[];
  /** The bare parser of the format, the bench's baseline. */
  parse(text: string): unknown;
}

/** Every registered dialect with its spec; a dialect without one fails here, by name. */
export async function fuzzSpecs(): Promise<[Dialect, FuzzSpec][]> {
  return Promise.all(
    DIALECT_IDS.map(async (id): Promise<[Dialect, FuzzSpec]> => {
      // By convention, as the dialect registry finds modules: vitest's resolver maps .js to .ts.
      const path = `./fuzz/${id}.js`;
      const found = (await import(/* @vite-ignore */ path).catch(() => null)) as { spec: FuzzSpec } | null;
      if (!found) throw new Error(`no fuzz spec for the ${id} dialect: add test/reliability/fuzz/${id}.ts`);
      return [id, found.spec];
    }),
  );
}

// ---- values -------------------------------------------------------------------------------------

export const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '\ud800',
    '😀',
    'é'.repeat(48),
    '${payload}',
    '*',
    '\n',
    '"',
    "'",
  ),
);
export const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 64,
  -0,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  -1,
  0,
);
/** Any value at all: what a wrong type looks like. */
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  oddString,
  hugeNumber,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);
/** A plausible value most of the time, anything otherwise. */
export const maybe = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anything });
/** An object with some of the keys, each plausible or not, plus unknown keys now and then. */
export function shape(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(
        fc.oneof(fc.constantFrom('colour', 'comand', 'Type', '__proto__', 'constructor'), oddString),
        anything,
        {
          maxKeys: 2,
        },
      ),
      fc.nat(9),
    )
    .map(([known, unknown, roll]) => (roll === 0 ? { ...unknown, ...known } : known));
}
const nested = (depth: number) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
export const deep = fc.constantFrom(10, 100, 1000).map(nested);

export const shellCommand = fc.oneof(
  fc.constantFrom(
    './scripts/x.sh',
    'bash ./x.sh --flag',
    '"$CLAUDE_PROJECT_DIR"/.claude/hooks/h.sh',
    'python3 -u scripts/y.py',
    'node z.js',
    'FOO=1 ./a.sh && ./b.sh | tee log; cd sub && ./c.sh',
    "sh -c './in.sh'",
    'x=$(./sub.sh) `./tick.sh`',
    'echo "unterminated',
    '../outside.sh',
    './README.md/x.sh',
    'true',
  ),
  oddString,
);

// ---- shared by pw and claude (and any dialect of Claude Code's settings schema) -----------------------

export const names = (events: readonly { name: string }[]) => events.map((e) => e.name);

export const settingsHook = shape({
  type: maybe(fc.constantFrom('command', 'http', 'mcp_tool', 'prompt', 'agent', 'script')),
  command: maybe(shellCommand),
  args: maybe(fc.array(oddString, { maxLength: 2 })),
  async: maybe(fc.boolean()),
  timeout: maybe(fc.oneof(fc.integer({ min: 1, max: 900 }), hugeNumber)),
  url: maybe(fc.constantFrom('https://example.invalid/h', 'ftp://x', 'not a url')),
  headers: maybe(fc.dictionary(fc.constantFrom('X-A'), fc.constantFrom('$TOKEN', '${OK}', 'plain'))),
  server: maybe(fc.constantFrom('srv', 'missing')),
  tool: maybe(fc.constantFrom('t')),
  input: maybe(
    fc.dictionary(
      fc.constantFrom('a'),
      fc.constantFrom('${payload.tool_input.x}', '${tool_input.x}', '${payload.a'),
    ),
  ),
  prompt: maybe(fc.constantFrom('ok? $ARGUMENTS', '')),
  model: maybe(fc.constantFrom('claude-haiku-4-5')),
  if: maybe(fc.constantFrom('x')),
  once: maybe(fc.boolean()),
});
/**
 * The hooks map of Claude Code's settings schema, which Codex and Gemini CLI took up: event names (the
 * dialect's own with near misses) to matcher groups (a matcher, `group`'s other keys) of handlers.
 */
export const hooksByEvent = (frame: {
  events: string[];
  matchers: string[];
  hook: fc.Arbitrary<unknown>;
  group?: Record<string, fc.Arbitrary<unknown>>;
}) =>
  maybe(
    fc.dictionary(
      fc.constantFrom(...frame.events),
      maybe(
        fc.array(
          shape({
            matcher: maybe(fc.constantFrom(...frame.matchers)),
            ...frame.group,
            hooks: maybe(fc.array(frame.hook, { maxLength: 3 })),
          }),
          { maxLength: 3 },
        ),
      ),
      { maxKeys: 4 },
    ),
  );
export const settingsFile = (events: readonly { name: string }[]) =>
  fc.oneof(
    shape({
      hooks: hooksByEvent({
        events: [...names(events).slice(0, 8), 'Setup', 'PreToolUze', ''],
        matchers: ['Bash', '*', '', 'Edit|Write', '(', 'mcp__.*'],
        hook: settingsHook,
      }),
      disableAllHooks: maybe(fc.boolean()),
      allowedEnvVars: maybe(fc.array(fc.constantFrom('TOKEN', 'OK'), { maxLength: 2 })),
      mcpServers: maybe(
        fc.dictionary(
          fc.constantFrom('srv', 'other'),
          shape({
            type: maybe(fc.constantFrom('stdio', 'http', 'sse')),
            command: maybe(fc.constantFrom('node', './server.js')),
            args: maybe(fc.array(oddString, { maxLength: 2 })),
            url: maybe(fc.constantFrom('http://127.0.0.1:1/mcp', 'file:///x')),
            env: maybe(fc.dictionary(fc.constantFrom('A'), fc.constantFrom('${A:-1}'))),
          }),
          { maxKeys: 2 },
        ),
      ),
    }),
    deep,
  );

// ---- per format: writing the document, with the format's own edge cases -------------------------

const JSON_TWISTS: ((t: string) => string)[] = [
  (t) => `\ufeff${t}`,
  (t) => `// a comment\n${t}`,
  (t) => t.replace(/\n/, '\n  /* block */\n'),
  (t) => t.replace(/(\S)(\n\s*[}\]])/, '$1,$2'),
  (t) => t.replace('{', '{"hooks": 1,'),
  (t) => t.replace(/: (-?\d+(\.\d+)?)/, ': 1e400'),
  (t) => t.replace(/: (-?\d+(\.\d+)?)/, ': 123456789012345678901234567890'),
  (t) => t.replace(/"([^"\\]*)"/, '"\\ud800$1"'),
  (t) => `${t}\n${t}`,
  (t) => t.slice(0, Math.floor(t.length / 2)),
  (t) => t.replace(/\n/g, '\r\n'),
];
export const jsonText = (value: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      value,
      fc.subarray(
        JSON_TWISTS.map((_, i) => i),
        { maxLength: 2 },
      ),
    )
    .map(([v, twists]) => twists.reduce((t, i) => JSON_TWISTS[i]!(t), pretty(v)));

/** Indented JSON, but compact where indentation would square a deep file's size. */
function pretty(v: unknown): string {
  const text = JSON.stringify(v, null, 2) ?? 'null';
  return text.length > 50_000 ? JSON.stringify(v) : text;
}

/**
 * Nesting up to which a value is written as block YAML. Deeper, the library's writer (it recurses)
 * overflows the stack or not by the Node and the JIT's frame sizes of the moment, and where it does not,
 * indentation squares the file's size: 1,000 levels made a 500 KB file that took seconds per load (the
 * chrys loader's fuzz test, 5× slower under Node 24). Flow YAML past it, so a seed writes the same file
 * on every Node.
 */
const BLOCK_YAML_MAX_DEPTH = 100;

function depthOf(v: unknown): number {
  let depth = 0;
  for (let level = [v]; level.length; depth++)
    level = level.flatMap((x) => (x && typeof x === 'object' ? Object.values(x) : []));
  return depth;
}

/** Block YAML where the library can write it, else flow YAML (JSON is YAML). */
function blockYaml(v: unknown): string {
  const flow = () => JSON.stringify(v) ?? 'null';
  if (depthOf(v) > BLOCK_YAML_MAX_DEPTH) return flow();
  try {
    return yamlStringify(v, { aliasDuplicateObjects: false });
  } catch {
    return flow();
  }
}

/** YAML in flow style with anchors, aliases (defined, undefined, cyclic) and tags on random nodes. */
interface YamlMark {
  at: number;
  kind: 'anchor' | 'alias' | 'tag';
  name: string;
  tag: string;
}
const yamlMark: fc.Arbitrary<YamlMark> = fc.record({
  at: fc.nat(40),
  kind: fc.constantFrom('anchor', 'alias', 'tag'),
  name: fc.constantFrom('a', 'b', 'c'),
  tag: fc.constantFrom(
    '!!str',
    '!!int',
    '!!binary',
    '!!python/object',
    '!custom',
    '!!map',
    '!!set',
    '!!timestamp',
  ),
});
function flowYaml(value: unknown, marks: YamlMark[]): string {
  let n = 0;
  const walk = (v: unknown): string => {
    const mine = marks.filter((m) => m.at === n);
    n++;
    const alias = mine.find((m) => m.kind === 'alias');
    if (alias) return `*${alias.name}`;
    const prefix = mine
      .map((m) => (m.kind === 'anchor' ? `&${m.name} ` : m.kind === 'tag' ? `${m.tag} ` : ''))
      .join('');
    let body: string;
    if (Array.isArray(v)) body = `[${v.map(walk).join(', ')}]`;
    else if (v && typeof v === 'object')
      body = `{${Object.entries(v)
        .map(([k, x]) => `${JSON.stringify(k)}: ${walk(x)}`)
        .join(', ')}}`;
    else body = JSON.stringify(v) ?? 'null';
    return prefix + body;
  };
  return walk(value);
}
const YAML_FRAGMENTS = [
  '%YAML 1.1\n---\n',
  '---\nhooks: []\n...\n---\n',
  'x: &a [x, x]\ny: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nz: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nw: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n',
  'base: &base { type: shell, shell: "true" }\nmerged: { <<: *base, shell: "false" }\n',
  'enabled: yes\nother: no\nnorway: NO\n',
  'when: 2001-12-14t21:59:43.10-05:00\n',
  'key: |\n  literal\n  block\n',
  '? complex key\n: value\n',
  '\t- tab indented\n',
];
export const yamlText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    value.map(blockYaml),
    fc.tuple(value, fc.array(yamlMark, { maxLength: 6 })).map(([v, marks]) => flowYaml(v, marks)),
    fc.tuple(value, fc.constantFrom(...YAML_FRAGMENTS)).map(([v, frag]) => `${frag}${blockYaml(v)}`),
  );

const TOML_FRAGMENTS = [
  '[[hook]]\non = 1979-05-27T07:32:00Z\n',
  '[[hook]]\ntimeout_ms = inf\n',
  '[[hook]]\ntimeout_ms = nan\n',
  '[[hook]]\ntimeout_ms = 9223372036854775808\n',
  '[[hook]]\ntimeout_ms = 0x7fffffffffffffff\n',
  '[hook]\nrun = ["x"]\n',
  'hook = []\n',
  '[[hook]]\nrun = """multi\nline"""\n',
  '[[hook]]\nrun.x = 1\n',
  '[[hook]]\nrun = [ "a", 1, { b = 2 } ]\n',
  '[[hook]]\nappend = "\\uD800"\n',
  '[[hook]]\non = ["turn_end"]\non = ["turn_end"]\n',
  'a = { b = { c = { d = { e = 1 } } } }\n',
  '[[hook]]\n[[hook.sub]]\nx = 1\n',
];
export const tomlText = (value: fc.Arbitrary<unknown>) =>
  fc.tuple(value, fc.subarray(TOML_FRAGMENTS, { maxLength: 2 })).map(([v, frags]) => {
    let base: string;
    try {
      base = tomlStringify(v as Record<string, unknown>);
    } catch {
      base = ''; // null, or a top level that is not a table: TOML cannot say it
    }
    return [base, ...frags].join('\n');
  });

// ---- byte mutations of the fixtures -------------------------------------------------------------

const mutation = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 8 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.nat(40) }),
  fc.record({ op: fc.constant('repeat' as const), at: fc.nat(), length: fc.nat(80) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(bytes: Buffer, m: Mutation): Buffer {
  const at = bytes.length ? m.at % (bytes.length + 1) : 0;
  switch (m.op) {
    case 'flip': {
      const copy = Buffer.from(bytes);
      if (at < copy.length) copy[at] = m.byte;
      return copy;
    }
    case 'insert':
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]);
    case 'delete':
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + m.length)]);
    case 'repeat':
      return Buffer.concat([bytes.subarray(0, at + m.length), bytes.subarray(at)]);
    case 'truncate':
      return bytes.subarray(0, at);
  }
}

function fixtureBytes(spec: FuzzSpec): Buffer[] {
  // Hook files only: a fixture folder may also hold folders of other data (an agent's payloads).
  return spec.fixtures.flatMap((d) =>
    readdirSync(join(FIXTURE_DIR, d), { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => readFileSync(join(FIXTURE_DIR, d, f.name))),
  );
}

export function mutatedFixture(spec: FuzzSpec): fc.Arbitrary<Buffer> {
  const fixtures = fixtureBytes(spec);
  return fc
    .tuple(fc.nat(fixtures.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([i, ms]) => ms.reduce(mutate, fixtures[i]!));
}

// ---- the properties -----------------------------------------------------------------------------

/**
 * Diagnostics that say why they have no line: they are about the file's state as a whole (set by
 * trust or by another file), not about a place in its text.
 */
export const NO_LINE_BECAUSE: Record<string, string> = {
  untrusted: 'the trust state of the whole file',
  trust_changed: 'the trust state of the whole file',
  all_hooks_disabled: 'set by disableAllHooks in another file',
  config_refused: 'io refuses every file because another declares [[hook]]',
  project_hooks_dormant: 'a setting of yours, not of the file',
  hooks_off: "the agent's master switch, set in another file",
  folder_not_trusted: "Gemini CLI's folder trust, set in its trustedFolders.json",
  project_not_trusted: "Codex's project trust, set in its config.toml",
  two_representations: 'another file of the same layer',
};

/** Errors that leave the rule loaded, by design: it fails when it runs, naming why (docs/dialects.md). */
const LOADS_AND_FAILS = new Set(['unknown_server', 'env_var_not_allowed', 'timeout_fires_at_once']);
/** Keys whose errors leave out that key's value (a setting, a server), not a rule. */
const LEFT_OUT_KEYS = /^(mcpServers|disableAllHooks|allowedEnvVars|hooksConfig)\b/;

export interface Verdict {
  ok: boolean;
  why: string;
}

/**
 * Loads the text as the dialect's file and checks every property; never throws. The host's whole load
 * narrowed to this dialect: reading the 40-odd places of every other dialect, absent here, took two
 * thirds of a case's time (most of it failed lstat calls) and tested nothing about this file.
 */
export async function checkLoad(
  env: TestEnv,
  dialect: Dialect,
  spec: FuzzSpec,
  bytes: Buffer | string,
): Promise<Verdict> {
  const path = env.write(spec.target, bytes);
  const load = async () => {
    const sources = await loadSources(env.ctx(), new TrustStore(env.host), [dialectModule(dialect)]);
    return sources.find((s) => s.path === path && s.dialect === dialect);
  };
  let first: Source | undefined;
  let second: Source | undefined;
  try {
    first = await load();
    second = await load();
  } catch (e) {
    return { ok: false, why: `the loader threw: ${(e as Error).stack}` };
  }
  if (!first || first.state === 'absent') return { ok: false, why: 'no source for the file' };
  if (JSON.stringify(first) !== JSON.stringify(second))
    return { ok: false, why: 'reloading gave another source' };
  const text = Buffer.from(bytes).toString('utf8');
  const lines = text.split('\n').length;
  for (const d of first.diagnostics) {
    if (d.path !== path) continue;
    if (d.line === null && !NO_LINE_BECAUSE[d.code]) return { ok: false, why: `no line: ${describe(d)}` };
    if (d.line !== null && (d.line < 1 || d.line > lines || (d.column ?? 1) < 1))
      return { ok: false, why: `line out of the file (${lines} lines): ${describe(d)}` };
  }
  for (const d of first.diagnostics.filter((x) => x.severity === 'error')) {
    if (!leftOut(first, d))
      return { ok: false, why: `an error that leaves everything loaded: ${describe(d)}` };
  }
  return { ok: true, why: '' };
}

/** An error's subject does not run: the file is refused, or its rule, group, event or key is left out. */
function leftOut(source: Source, d: Diagnostic): boolean {
  if (source.state === 'invalid' || source.state === 'refused') return true;
  if (LOADS_AND_FAILS.has(d.code)) return true;
  if (d.ruleIndex !== null) return !source.rules.some((r) => r.index === d.ruleIndex);
  const key = d.key ?? '';
  if (LEFT_OUT_KEYS.test(key)) return true;
  // The whole hooks map is wrong: nothing of it may load.
  if (key === 'hooks') return source.rules.length === 0;
  // pw/claude: an unknown event, or a matcher group with errors, loads none of its hooks; an error on one
  // hook of a group (Qwen Code discards just that hook) leaves out that hook at least.
  const m = /^hooks(?:\.([A-Za-z_][\w-]*)|\[("(?:[^"\\]|\\.)*")\])(?:\[(\d+)\](?:\.hooks\[(\d+)\])?)?/.exec(
    key,
  );
  if (m) {
    const event = m[1] ?? (JSON.parse(m[2]!) as string);
    const group = m[3] === undefined ? null : Number(m[3]);
    const hook = m[4] === undefined ? null : Number(m[4]);
    return !source.rules.some(
      (r) =>
        r.events.includes(event) &&
        (group === null || r.group === group) &&
        (hook === null || r.hookIndex === hook),
    );
  }
  return false;
}

function describe(d: Diagnostic): string {
  return `${d.severity} ${d.code} at ${d.line}:${d.column}: ${d.message}`;
}

/** Shows a failing file so it can be read (control characters escaped). */
export function showFile(bytes: Buffer | string): string {
  return JSON.stringify(Buffer.from(bytes).toString('utf8'));
}

// ---- the seed -----------------------------------------------------------------------------------

/** The fixed seed of local runs, so the same inputs come back until someone asks for others. */
const LOCAL_SEED = 20261130;

/**
 * The seed of a fuzz run: `HOOKPANEL_FUZZ_SEED` to replay one; with `HOOKPANEL_FUZZ_ROTATE=1` (as CI runs)
 * a fresh one each run, so every run tries new inputs; else the fixed one. Printed with the line that
 * replays it and the Node it ran under (the Node 24 pass replays with `npm run test:node24`):
 * fast-check's own failure message names the seed too, with the path to the shrunk case.
 */
export function fuzzSeed(what: string, env: NodeJS.ProcessEnv = process.env): number {
  const given = env.HOOKPANEL_FUZZ_SEED;
  const seed =
    given !== undefined && given !== ''
      ? Number(given)
      : env.HOOKPANEL_FUZZ_ROTATE === '1'
        ? Math.floor(Math.random() * 2 ** 31)
        : LOCAL_SEED;
  if (!Number.isSafeInteger(seed)) throw new Error(`HOOKPANEL_FUZZ_SEED=${given} is not an integer`);
  // A case past the usual count is only reached again with the same scale.
  const scale = fuzzScale(env);
  const replay = `HOOKPANEL_FUZZ_SEED=${seed}${scale === 1 ? '' : ` HOOKPANEL_FUZZ_SCALE=${scale}`}`;
  console.log(
    `${what}: fuzz seed ${seed} under Node ${process.version} (replay: ${replay} npm run test:unit -- ${what})`,
  );
  return seed;
}

/**
 * How many times its usual count of cases a fuzz test tries, and how many times its usual time it may
 * take: `HOOKPANEL_FUZZ_SCALE` (a whole number, 1 unless set), for a longer search offline, e.g.
 * `HOOKPANEL_FUZZ_SCALE=10 HOOKPANEL_FUZZ_ROTATE=1`. The first cases of a seed are the same at any scale
 * (fast-check draws them in order), so a longer run only adds to what `npm test` tries.
 */
export function fuzzScale(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.HOOKPANEL_FUZZ_SCALE;
  if (given === undefined || given === '') return 1;
  const scale = Number(given);
  if (!Number.isSafeInteger(scale) || scale < 1)
    throw new Error(`HOOKPANEL_FUZZ_SCALE=${given} is not a whole number of 1 or more`);
  return scale;
}
