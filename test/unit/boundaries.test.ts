// The lint rules that keep each runtime's code in its lane, and small contracts kept in two places.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { KNOWN_DIALECTS } from '../../electron/host/intake/protocol.js';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import { DIALECTS } from '../../shared/model.js';
import { REPO } from '../helpers/env.js';

const eslint = new ESLint({ cwd: REPO, overrideConfigFile: join(REPO, '.config', 'eslint.config.js') });
const lint = async (file: string, code: string) => (await eslint.lintText(code, { filePath: join(REPO, file) }))[0]!.messages.map((m) => m.ruleId);

describe('runtime boundaries', () => {
  test('the host and the CLI may not import Electron', async () => {
    expect(await lint('electron/host/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
    expect(await lint('electron/cli/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
  });

  test('the renderer and shared/ may not import Node modules', async () => {
    expect(await lint('renderer/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toContain('no-restricted-imports');
    expect(await lint('shared/x.ts', "import { join } from 'path';\nexport const a = join;\n")).toContain('no-restricted-imports');
  });

  test('spawning through a shell is refused by lint', async () => {
    expect(await lint('electron/host/x.ts', "import { spawn } from 'node:child_process';\nspawn('ls', [], { shell: true });\n")).toContain('no-restricted-syntax');
  });

  test('the dialect lists agree: registry, model and the lightweight emit path', () => {
    expect(DIALECT_MODULES.map((m) => m.dialect)).toEqual([...DIALECTS]);
    expect(KNOWN_DIALECTS).toEqual([...DIALECTS]);
  });
});
