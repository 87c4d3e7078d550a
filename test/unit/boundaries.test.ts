// The lint rules that keep each runtime's code in its lane, and small contracts kept in two places.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { KNOWN_DIALECTS } from '../../electron/host/intake/protocol.js';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import { DIALECTS } from '../../shared/model.js';
import { REPO } from '../helpers/env.js';

const eslint = new ESLint({ cwd: REPO, overrideConfigFile: join(REPO, '.config', 'eslint.config.js') });
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

  test('the preload exposes exactly the contract: one method per channel, one subscription per push', async () => {
    const { CHANNELS, PUSH_NAMES } = await import('../../shared/ipc.js');
    const { REQUEST_CHANNELS, PUSH_EVENTS } = await import('../../electron/app/channels.js');
    expect([...REQUEST_CHANNELS]).toEqual(CHANNELS);
    expect([...PUSH_EVENTS]).toEqual(PUSH_NAMES);
    const { readFileSync } = await import('node:fs');
    const preload = readFileSync(join(REPO, 'electron', 'app', 'preload.cts'), 'utf8');
    const list = (name: string) =>
      JSON.parse(
        `[${/const NAME = \[([\s\S]*?)\];/.exec(preload.replace(name, 'NAME'))![1]!.replace(/'/g, '"').replace(/,\s*$/, '')}]`,
      );
    expect(list('REQUEST_CHANNELS')).toEqual(CHANNELS);
    expect(list('PUSH_EVENTS')).toEqual(PUSH_NAMES);
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*invoke/);
  });
});
