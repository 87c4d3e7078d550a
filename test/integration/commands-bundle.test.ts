// The `hookpanel` commands as `npm run build` bundles them (the CLI tests run these bundles: the global
// setup builds them): each command's file with one shared set of chunks instead of some four hundred
// modules, every dialect and each of its parts found by convention, output.ts's UsageError one class with
// main.ts's, and paths to Hookpanel's own scripts pointing where tsc put them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIALECT_IDS } from '../../shared/dialects.js';
import { REPO } from '../helpers/env.js';

/** Left in node_modules and imported on demand (commands.vite.config.mts says why). */
const PACKAGES_ON_DEMAND = [
  'koffi',
  'web-tree-sitter',
  '@modelcontextprotocol/sdk',
  '@vscode/sudo-prompt',
  'proper-lockfile',
];
/** Left in node_modules on purpose: those above, and libsql, required where the history opens. */
const PACKAGES_KEPT = ['libsql', ...PACKAGES_ON_DEMAND];
const PACKAGES_KEPT_STATIC = ['ws', 'chokidar'];

let out = '';
let code: Map<string, string>;

beforeAll(async () => {
  const { build } = await import('vite');
  out = mkdtempSync(join(tmpdir(), 'hookpanel-commands-bundle-'));
  await build({
    configFile: join(REPO, 'electron', 'cli', 'commands.vite.config.mts'),
    build: { outDir: out },
    logLevel: 'warn',
  });
  const files = (dir: string) =>
    readdirSync(join(out, dir))
      .filter((n) => n.endsWith('.js'))
      .map((n) => `${dir}/${n}`);
  code = new Map(
    [...files('electron/cli/commands'), ...files('electron/cli/commands-chunks')].map((f) => [
      f,
      readFileSync(join(out, f), 'utf8'),
    ]),
  );
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const all = () => [...code.values()];
const statics = (c: string) => [...c.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]!);

test("every command definitions.ts runs is bundled, but emit's (bundled apart)", () => {
  const definitions = readFileSync(join(REPO, 'electron', 'cli', 'definitions.ts'), 'utf8');
  const run = [...definitions.matchAll(/import\('\.\/commands\/([\w-]+)\.js'\)/g)].map((m) => m[1]!);
  const bundled = [...new Set(run)].filter((c) => c !== 'emit').sort();
  expect(bundled.length).toBeGreaterThan(5);
  for (const c of bundled) {
    const entry = code.get(`electron/cli/commands/${c}.js`);
    expect(entry, `${c}.js`).toBeDefined();
    // As tsc leaves it, a command imports the host's modules one by one.
    expect(statics(entry!).filter((s) => s.includes('/host/'))).toEqual([]);
  }
  expect(code.has('electron/cli/commands/emit.js')).toBe(false);
});

test('fewer files: statically, only Node, the chunks, output.ts and definitions.ts as tsc put them', () => {
  // One chunk per module imported on demand (148 files when written), where tsc's output of the host,
  // zod, yaml and the rest was some four hundred; a command loads only the chunks it imports.
  expect(code.size).toBeLessThan(200);
  const imported = all().flatMap(statics);
  const ours = imported.filter((s) => /^\.\.?\//.test(s));
  const packages = imported.filter((s) => !s.startsWith('node:') && !/^\.\.?\//.test(s));
  expect(packages.filter((p) => !PACKAGES_KEPT_STATIC.includes(p))).toEqual([]);
  // Outside the bundle's own files: only the two modules main.ts shares with the commands.
  const outside = ours.filter((s) => !/^\.\/|^\.\.\/commands(-chunks)?\//.test(s));
  expect([...new Set(outside)].sort()).toEqual(['../definitions.js', '../output.js']);
  const required = all().flatMap((c) => [...c.matchAll(/require\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!));
  expect(required.filter((r) => !isBuiltin(r))).toEqual([]);
  // One UsageError: main.ts tells a usage mistake by its class.
  expect(all().filter((c) => /class UsageError\b/.test(c))).toEqual([]);
});

test('packages kept out are loaded from node_modules, on demand where they were', () => {
  const dynamics = all().flatMap((c) => [...c.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!));
  const packages = dynamics.filter((d) => !/^\.\.?\//.test(d));
  for (const p of PACKAGES_ON_DEMAND)
    expect(
      packages.some((d) => d === p || d.startsWith(`${p}/`)),
      p,
    ).toBe(true);
  expect(packages.filter((d) => !PACKAGES_KEPT.some((p) => d === p || d.startsWith(`${p}/`)))).toEqual([]);
});

test('every dialect and each of its parts, found by convention, is a chunk of this bundle', () => {
  // Named as partsByConvention names it (bundle-plugins.mts), or with a suffix where names met in a chunk.
  const tables = all().flatMap((c) =>
    [...c.matchAll(/\b(?:var|const|let) hookpanelParts(?:\$\d+)? = \{([^}]*)\}/g)].map((m) => m[1]!),
  );
  // registry.ts, agent-parts.ts and agent-permissions.ts
  expect(tables.length).toBe(3);
  for (const table of tables) {
    const keys = [...table.matchAll(/"([\w-]+)\/([\w-]+)": \(\) =>/g)].map((m) => [m[1]!, m[2]!] as const);
    expect([...new Set(keys.filter(([, part]) => part === 'index').map(([d]) => d))].sort()).toEqual(
      [...DIALECT_IDS].sort(),
    );
    for (const part of ['connect', 'trust', 'permissions', 'script-pins', 'guarded-mode'])
      expect(
        keys.some(([, p]) => p === part),
        part,
      ).toBe(true);
  }
});

test('paths built from import.meta.url point at the files tsc emitted', () => {
  const text = all().join('\n');
  expect(text).toContain('new URL("../../host/process/watchdog.js", import.meta.url)');
  expect(text).toContain('new URL("../../host/history/store.js", import.meta.url)');
  expect(text).not.toContain('__HOOKPANEL_MODULE_URL__');
});

test("the history worker's thread loads no zod: what it writes and reads needs none", () => {
  // Every host starts the worker; zod's chunks cost its thread ~60 ms of CPU at each start.
  const loaded = new Set<string>();
  const withZod: string[] = [];
  const toLoad = ['electron/host/history/worker.js'];
  for (let file = toLoad.pop(); file !== undefined; file = toLoad.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    const text = readFileSync(join(out, file), 'utf8');
    if (text.includes('// node_modules/zod/')) withZod.push(file);
    const bare = [...text.matchAll(/^import\s*"([^"]+)"/gm)].map((m) => m[1]!);
    for (const s of [...statics(text), ...bare]) if (s.startsWith('.')) toLoad.push(join(dirname(file), s));
  }
  expect(loaded.size).toBeGreaterThan(2);
  expect(withZod).toEqual([]);
  // The check can fail: the commands' chunks do hold zod.
  expect(all().some((c) => c.includes('// node_modules/zod/'))).toBe(true);
});
