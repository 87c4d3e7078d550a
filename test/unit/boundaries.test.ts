// The lint rules that keep each runtime's code in its lane, and small contracts kept in two places.
import { ESLint } from 'eslint';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { KNOWN_DIALECTS } from '../../electron/host/intake/protocol.js';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import { DIALECTS } from '../../shared/model.js';
import { REPO } from '../helpers/env.js';

// Text is linted under names no file has (x.ts): the type-aware rule needs a file the TypeScript
// project knows, so for those names it is off, and so is type information; the boundary rules need none.
const eslint = new ESLint({
  cwd: REPO,
  overrideConfigFile: join(REPO, '.config', 'eslint.config.js'),
  overrideConfig: {
    files: ['**/x.ts', '**/x/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});
const lint = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: join(REPO, file) }))[0]!.messages.map((m) => m.ruleId);

describe('runtime boundaries', () => {
  test('the host and the CLI may not import Electron', async () => {
    expect(
      await lint('electron/host/x.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await lint('electron/cli/x.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toContain('no-restricted-imports');
  });

  test('the renderer and shared/ may not import Node modules', async () => {
    expect(
      await lint(
        'renderer/x.ts',
        "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(await lint('shared/x.ts', "import { join } from 'path';\nexport const a = join;\n")).toContain(
      'no-restricted-imports',
    );
  });

  test("a dialect's manifest and events are plain data: no Node, no zod, nothing of the host", async () => {
    const restricted = (file: string, from: string) =>
      lint(file, `import { x } from '${from}';\nexport const a = x;\n`).then((ids) =>
        ids.includes('no-restricted-imports'),
      );
    const manifest = 'electron/host/dialects/x/manifest.ts';
    expect(await restricted(manifest, 'zod')).toBe(true);
    expect(await restricted(manifest, 'node:path')).toBe(true);
    expect(await restricted(manifest, '../../paths.js')).toBe(true);
    expect(await restricted(manifest, './runtime.js')).toBe(true);
    expect(await restricted(manifest, '../../../../shared/manifest.js')).toBe(false);
    expect(await restricted(manifest, './events.js')).toBe(false);
    expect(await restricted('electron/host/dialects/x/events.ts', '../pw/events.js')).toBe(false);
    expect(await restricted('electron/host/dialects/x/index.ts', 'zod')).toBe(false);
    // shared/ may reach into the host for manifests only, and no Node module by exact name.
    expect(await restricted('shared/x.ts', '../electron/host/dialects/x/manifest.js')).toBe(false);
    expect(await restricted('shared/x.ts', '../electron/host/service.js')).toBe(true);
    expect(await restricted('shared/x.ts', './events/catalog.js')).toBe(false);
    expect(await restricted('shared/x.ts', 'events')).toBe(true);
  });

  // Type-aware lint builds a TypeScript program first: seconds of CPU, minutes on a loaded machine.
  test(
    'a floating promise in the host or the CLI is refused by lint, `void` included',
    { timeout: 120_000 },
    async () => {
      const code = 'export async function f(): Promise<void> {}\nvoid f();\nf().then(() => {});\n';
      const ids = (file: string) =>
        lint(file, code).then((r) => r.filter((id) => id?.endsWith('floating-promises')));
      expect(await ids('electron/host/background.ts')).toHaveLength(2);
      expect(await ids('electron/cli/output.ts')).toHaveLength(2);
      // Handled: no complaint.
      const handled = 'export async function f(): Promise<void> {}\nf().catch(() => {});\n';
      expect(await lint('electron/host/background.ts', handled)).not.toContain(
        '@typescript-eslint/no-floating-promises',
      );
    },
  );

  test('spawning through a shell is refused by lint', async () => {
    expect(
      await lint(
        'electron/host/x.ts',
        "import { spawn } from 'node:child_process';\nspawn('ls', [], { shell: true });\n",
      ),
    ).toContain('no-restricted-syntax');
  });

  test('the dialect lists agree: registry, model and the lightweight emit path', () => {
    expect(DIALECT_MODULES.map((m) => m.dialect)).toEqual([...DIALECTS]);
    expect(KNOWN_DIALECTS).toEqual([...DIALECTS]);
  });
});

describe('IPC boundaries', () => {
  test('raw ipcMain and ipcRenderer are refused outside their one file each', async () => {
    expect(
      await lint(
        'electron/app/window.ts',
        "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await lint('electron/app/tray.ts', "import { ipcRenderer } from 'electron';\nipcRenderer.send('x');\n"),
    ).toContain('no-restricted-imports');
    expect(
      await lint(
        'electron/app/ipc-main.ts',
        "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n",
      ),
    ).not.toContain('no-restricted-imports');
  });

  test('the contract maps exactly the names the preload and the client use', async () => {
    const { CHANNELS, PUSH_NAMES, REQUESTS, PUSHES } = await import('../../shared/ipc.js');
    expect(Object.keys(REQUESTS)).toEqual(CHANNELS);
    expect(Object.keys(PUSHES)).toEqual(PUSH_NAMES);
  });

  test('the preload, built as npm run build builds it, exposes exactly the contract and requires only electron', async () => {
    const { CHANNELS, PUSH_NAMES } = await import('../../shared/ipc.js');
    const { methodName, subscriptionName, IPC_PUSH, IPC_REQUEST } = await import('../../shared/channels.js');
    const { build } = await import('vite');
    const out = mkdtempSync(join(tmpdir(), 'hookpanel-preload-'));
    try {
      await build({
        configFile: join(REPO, 'electron', 'app', 'preload.vite.config.mts'),
        build: { outDir: out },
      });
      const code = readFileSync(join(out, 'preload.cjs'), 'utf8');
      const required: string[] = [];
      const invoked: unknown[][] = [];
      const listeners: ((e: unknown, name: string, payload: unknown) => void)[] = [];
      let exposed: { name: string; api: Record<string, (arg: unknown) => unknown> } | null = null;
      const electron = {
        contextBridge: {
          exposeInMainWorld: (name: string, api: Record<string, (arg: unknown) => unknown>) =>
            (exposed = { name, api }),
        },
        ipcRenderer: {
          invoke: (...args: unknown[]) => invoked.push(args),
          on: (channel: string, l: (typeof listeners)[number]) => channel === IPC_PUSH && listeners.push(l),
          removeListener: () => {},
        },
      };
      const module = { exports: {} };
      runInNewContext(code, {
        module,
        exports: module.exports,
        require: (id: string) => {
          required.push(id);
          if (id !== 'electron') throw new Error(`a sandboxed preload cannot require ${id}`);
          return electron;
        },
      });
      expect(required).toEqual(['electron']);
      expect(exposed!.name).toBe('hookpanelBridge');
      expect(Object.keys(exposed!.api).sort()).toEqual(
        [...CHANNELS.map(methodName), ...PUSH_NAMES.map(subscriptionName)].sort(),
      );
      exposed!.api.sourcesList!({ workspace: null });
      expect(invoked).toEqual([[IPC_REQUEST, 'sources:list', { workspace: null }]]);
      const got: unknown[] = [];
      exposed!.api.onRecord!((p: unknown) => got.push(p));
      for (const l of listeners) l(null, 'notification', 'not for onRecord');
      for (const l of listeners) l(null, 'record', 'r1');
      expect(got).toEqual(['r1']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    const preload = readFileSync(join(REPO, 'electron', 'app', 'preload.source.cts'), 'utf8');
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*invoke/);
  });
});
