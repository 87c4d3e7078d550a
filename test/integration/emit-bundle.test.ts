// The in-process `hookpanel emit` as `npm run build` bundles it (the CLI tests run that bundle too: the
// global setup builds it): one file and a few chunks instead of some four hundred modules, every
// dialect found by its folder, execa and the MCP SDK loaded only by a hook that needs them, and paths
// to Hookpanel's own scripts pointing where tsc put them, all in ASCII.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DIALECT_IDS } from '../../shared/dialects.js';
import { REPO } from '../helpers/env.js';

test('in-process emit, bundled: a few files, every dialect, execa and the MCP SDK on first use', async () => {
  const { build } = await import('vite');
  const out = mkdtempSync(join(tmpdir(), 'hookpanel-emit-bundle-'));
  try {
    await build({
      configFile: join(REPO, 'electron', 'cli', 'emit-local.vite.config.mts'),
      build: { outDir: out },
      logLevel: 'warn',
    });
    const dir = join(out, 'electron/cli/commands');
    const entry = readFileSync(join(dir, 'emit-local.js'), 'utf8');
    // Its source maps (for coverage) are beside the chunks, and are not loaded.
    const chunks = readdirSync(join(dir, 'emit-local-chunks')).filter((n) => n.endsWith('.js'));
    expect(chunks).toContain('execa.js');
    expect(chunks.length).toBeLessThanOrEqual(3);
    const code = [entry, ...chunks.map((c) => readFileSync(join(dir, 'emit-local-chunks', c), 'utf8'))];
    // Pure ASCII, so Node decodes each file into a one-byte string (bundle-plugins.mts: `charset`).
    const wide = ['emit-local.js', ...chunks].filter((_, i) => /[^\0-\x7f]/.test(code[i]!));
    expect(wide, 'files holding characters outside ASCII').toEqual([]);
    const statics = code.flatMap((c) =>
      [...c.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]!),
    );
    const dynamics = code.flatMap((c) => [...c.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!));
    // Statically: Node's own modules and the bundle's chunks; not even libsql, loaded when a database is
    // opened, which an in-process emit never does (it spools its records).
    expect(statics.filter((s) => !s.startsWith('node:') && !/^\.\.?\//.test(s))).toEqual([]);
    const required = code.flatMap((c) => [...c.matchAll(/require\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!));
    expect(required.filter((r) => !isBuiltin(r))).toEqual([]);
    // On first use: execa (a chunk), the MCP SDK (from node_modules, as unbundled).
    expect(dynamics).toContain('./emit-local-chunks/execa.js');
    expect(dynamics.filter((d) => d.startsWith('@modelcontextprotocol/sdk/')).length).toBeGreaterThan(0);
    // Every dialect's folder, found by convention as registry.ts finds it.
    const table = entry.match(/var hookpanelDialects = \{([^}]*)\}/)?.[1] ?? '';
    expect([...table.matchAll(/"\.\/([\w-]+)\/index\.js"/g)].map((m) => m[1]).sort()).toEqual(
      [...DIALECT_IDS].sort(),
    );
    // Paths built from import.meta.url point at the files tsc emitted, not beside the bundle.
    expect(entry).toContain('new URL("../../host/process/reaper.js", import.meta.url)');
    expect(entry).toContain('new URL("../../host/engine/background.js", import.meta.url)');
    expect(entry).not.toContain('__HOOKPANEL_MODULE_URL__');
    // zod builds every schema a module holds when it loads, so emit carries none of the panel's: not the
    // contract (shared/ipc.ts), the model of rules and sources (model.ts) nor Machines' (machines.ts).
    // Together they cost an in-process emit some 15 ms a run. History's records it does check.
    const schemas = [...entry.matchAll(/^var (\w+Schema) = /gm)].map((m) => m[1]);
    expect(schemas).toContain('DispatchRecordSchema');
    for (const panelOnly of [
      'RiskSchema',
      'PanelSettingsSchema',
      'SourceSchema',
      'DiagnosticSchema',
      'MachineViewSchema',
    ])
      expect(schemas).not.toContain(panelOnly);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
