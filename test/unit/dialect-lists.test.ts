// Every list of dialects derives from the manifests (shared/dialects.ts): none is written by hand, the
// light emit path and the renderer reach no host code through them, and the README's table says what
// the manifests say.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { DIALECT_IDS, DIALECT_MANIFESTS } from '../../shared/dialects.js';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import { KNOWN_DIALECTS } from '../../electron/host/intake/protocol.js';
import { DialectSchema } from '../../shared/value-schemas.js';
import { runCli } from '../helpers/cli.js';
import { makeEnv, REPO } from '../helpers/env.js';

const IDS = new Set<string>(DIALECT_IDS);

/** Places in a source text where two or more dialect ids are listed together. */
function handWrittenLists(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const idOf = (n: ts.Node | undefined): string | null => {
    if (!n) return null;
    if (ts.isStringLiteralLike(n) || ts.isIdentifier(n) || ts.isPrivateIdentifier(n))
      return IDS.has(n.text) ? n.text : null;
    if (ts.isLiteralTypeNode(n)) return idOf(n.literal);
    if (ts.isComputedPropertyName(n)) return idOf(n.expression);
    return null;
  };
  const report = (node: ts.Node, ids: (string | null)[]) => {
    const distinct = new Set(ids.filter((x): x is string => x !== null));
    if (distinct.size < 2) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${fileName}:${line + 1}: ${[...distinct].join(', ')}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) report(node, node.elements.map(idOf));
    else if (ts.isObjectLiteralExpression(node))
      report(
        node,
        node.properties.map((p) => idOf(p.name)),
      );
    else if (ts.isUnionTypeNode(node)) report(node, node.types.map(idOf));
    else if (ts.isTypeLiteralNode(node))
      report(
        node,
        node.members.map((m) => idOf(m.name)),
      );
    else if (ts.isCaseBlock(node))
      report(
        node,
        node.clauses.map((c) => (ts.isCaseClause(c) ? idOf(c.expression) : null)),
      );
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken) {
      // `d === 'arya' || d === 'io'`: a list spelled as comparisons.
      const compared: (string | null)[] = [];
      const walk = (e: ts.Expression): void => {
        if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.BarBarToken) {
          walk(e.left);
          walk(e.right);
        } else if (ts.isBinaryExpression(e)) compared.push(idOf(e.left) ?? idOf(e.right));
      };
      walk(node);
      report(node, compared);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const SOURCE = /\.(ts|tsx|cts|mts|js|mjs|cjs)$/;

describe('dialect lists', () => {
  test('the detector finds lists written as arrays, objects, unions, switches and comparisons', () => {
    const sample = [
      "const a = ['arya', 'io'];",
      'const b = { chrys: 1, pw: 2 };',
      "type C = 'pw' | 'claude';",
      "switch (d) { case 'arya': case 'chrys': break; }",
      "const e = d === 'io' || d === 'pw';",
      "const ok = ['arya'];",
    ].join('\n');
    expect(handWrittenLists('sample.ts', sample).map((f) => f.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  test('no list of dialect ids is written by hand anywhere in the repository', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => SOURCE.test(f) && existsSync(join(REPO, f)));
    expect(files.length).toBeGreaterThan(100);
    // shared/dialects.ts is the one list: the manifests in display order. The bridge's table is made
    // from it, never by hand (bridge-conventions.test.ts fails when it is stale).
    const lists = files
      .filter((f) => f !== 'shared/dialects.ts' && f !== 'shared/bridge-conventions.generated.ts')
      .flatMap((f) => handWrittenLists(f, readFileSync(join(REPO, f), 'utf8')));
    expect(lists, 'derive these from shared/dialects.ts instead').toEqual([]);
  });

  test('the contract, the intake, the registry and the CLI take their dialects from the manifests', async () => {
    expect(DialectSchema.options).toEqual(DIALECT_IDS);
    expect([...KNOWN_DIALECTS]).toEqual(DIALECT_IDS);
    expect(DIALECT_MODULES.map((m) => m.dialect)).toEqual(DIALECT_IDS);
    expect(DIALECT_MODULES.map((m) => m.manifest)).toEqual([...DIALECT_MANIFESTS]);
    const env = makeEnv();
    try {
      const help = await runCli(['--help'], { env: env.processEnv });
      expect(help.stdout).toContain(`dialects: ${DIALECT_IDS.join(', ')}`);
      const emit = await runCli(['emit', 'nosuch', 'Stop'], { env: env.processEnv, input: '{}' });
      expect(emit.code).toBe(2);
      expect(emit.stderr).toContain(`one of ${DIALECT_IDS.join(', ')}`);
      env.write('ws/x.json', '{}');
      const check = await runCli(['check', env.path('ws/x.json'), '--dialect', 'nosuch'], {
        env: env.processEnv,
      });
      expect(check.code).toBe(2);
      expect(check.stderr).toContain(DIALECT_IDS.join(', '));
    } finally {
      await env.cleanup();
    }
  });

  test("the README's table of locations is the manifests'", () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Where Hookpanel looks'));
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| dialect'))
      .slice(0, DIALECT_MANIFESTS.length)
      .map((l) =>
        l
          .slice(2, -2)
          .split(' | ')
          .map((c) => c.trim()),
      );
    expect(rows).toEqual(DIALECT_MANIFESTS.map((m) => [m.id, m.locations.user, m.locations.project]));
  });
});

/** The files a module reaches through static imports, and the packages it names. */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (files.has(path)) return;
    files.add(path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const s of source.statements) {
      const spec =
        (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
        s.moduleSpecifier &&
        ts.isStringLiteral(s.moduleSpecifier)
          ? s.moduleSpecifier.text
          : null;
      if (!spec) continue;
      if (ts.isImportDeclaration(s) && s.importClause?.isTypeOnly) continue;
      if (/\.(css|svg|png)$/.test(spec)) continue;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = resolve(dirname(path), spec).replace(/\.js$/, '');
      const found = ['.ts', '.tsx', '.cts', '.mts'].map((x) => base + x).find((p) => existsSync(p));
      if (!found) throw new Error(`${path}: cannot resolve ${spec}`);
      visit(found);
    }
  };
  visit(join(REPO, entry));
  return { files: [...files].map((f) => relative(REPO, f)), packages: [...packages] };
}

const PLAIN_DATA = /^(shared\/|electron\/host\/dialects\/[\w-]+\/(manifest|events)\.ts$)/;

describe('what the manifests let in', () => {
  test("the bridge's light path checks a dialect with the table made from the manifests, never zod or a dialect's module", () => {
    const { files, packages } = staticGraph('electron/cli/commands/emit.ts');
    expect(files).toContain('shared/bridge-conventions.generated.ts');
    // The manifests (every event, its description and sample) are loaded only where an event fails.
    expect(files).not.toContain('shared/dialects.ts');
    expect(packages.filter((p) => !p.startsWith('node:'))).toEqual([]);
    const dialectCode = files.filter((f) => f.startsWith('electron/host/dialects/') && !PLAIN_DATA.test(f));
    expect(dialectCode).toEqual([]);
    // What it loads once the host answers: the generated answer check, no zod either.
    const answer = staticGraph('electron/cli/answer.ts');
    expect(answer.files).toContain('shared/answer-check.generated.ts');
    expect(answer.packages).toEqual([]);
  });

  test('the renderer reaches no host code through shared/: only manifests and event catalogs', () => {
    const { files, packages } = staticGraph('renderer/src/main.tsx');
    expect(files).toContain('shared/dialects.ts');
    expect(files.filter((f) => !f.startsWith('renderer/') && !PLAIN_DATA.test(f))).toEqual([]);
    expect(packages.filter((p) => p.startsWith('node:') || p === 'electron')).toEqual([]);
  });
});
