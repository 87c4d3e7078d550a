// An agent or harness is one folder under electron/host/dialects/: nothing outside it names a dialect's
// folder. The host finds what a dialect brings by convention (registry.ts: index.ts; agents/: connect.ts,
// trust.ts, script-pins.ts, guarded-mode.ts; permissions/: permissions.ts), and shared/dialects.ts lists
// the manifests. The folders under the dialects (the engine, MCP, documents, the permission mechanism)
// serve every dialect and import nothing from electron/host/dialects/ at all: what they share with a
// dialect lives with them (util/plain-object.ts, documents/document.ts's FileFormat, shared/rule-name.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from '../helpers/env.js';

const LOWER = ['engine', 'mcp', 'documents', 'permissions'];

/** Every import or export line of the TypeScript files under `dir` that `names` matches, as `path:line: text`. */
function importsUnder(dir: string, names: RegExp, skip: (path: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const f of readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, f);
    if (!/\.tsx?$/.test(f) || skip(path)) continue;
    for (const [i, line] of readFileSync(join(REPO, path), 'utf8').split('\n').entries())
      if (names.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
  }
  return found;
}

// A static import or export, or a dynamic import(), of a path in a dialect's own folder.
const DIALECT_FOLDER = /(^\s*(import|export)\b.*from |\bimport\()\s*'[^']*\/dialects\/[\w-]+\//;

test('the engine, MCP, documents and permissions import nothing from dialects/', () => {
  const any = /^\s*(import|export)\b.*from '[^']*\/dialects\//;
  expect(LOWER.flatMap((folder) => importsUnder(join('electron', 'host', folder), any))).toEqual([]);
});

test("no file outside electron/host/dialects/ imports a dialect's folder, but the manifests' list", () => {
  const inDialects = (p: string) =>
    relative(join('electron', 'host', 'dialects'), p).split(/[/\\]/)[0] !== '..';
  const found = [
    ...importsUnder('electron', DIALECT_FOLDER, inDialects),
    ...importsUnder('renderer', DIALECT_FOLDER, (p) => p.includes('node_modules')),
    ...importsUnder('shared', DIALECT_FOLDER),
  ].filter(
    (line) =>
      !/^shared\/dialects\.ts:\d+: import \{ manifest as \w+ \} from '[^']*\/manifest\.js';$/.test(line),
  );
  expect(found).toEqual([]);
});

test('the check sees a dynamic import of a dialect folder, and lets the registry through', () => {
  expect(DIALECT_FOLDER.test("  const m = await import('../dialects/codex/script-pins.js');")).toBe(true);
  expect(DIALECT_FOLDER.test("import { x } from '../../host/dialects/claude/guard.js';")).toBe(true);
  expect(DIALECT_FOLDER.test("import { dialectModule } from '../dialects/registry.js';")).toBe(false);
  expect(DIALECT_FOLDER.test("import type { LoadContext } from '../dialects/dialect.js';")).toBe(false);
});
