// The same panel in the Electron app, where an Electron binary exists.
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeEnv, REPO } from '../helpers/env.js';
import { populate } from './fixtures.js';

function electronBinary(): { path: string | null; why: string } {
  const pathFile = join(REPO, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return { path: null, why: 'no Electron binary: it could not be downloaded here (ELECTRON_SKIP_BINARY_DOWNLOAD); the browser-mode specs cover the panel' };
  const bin = join(REPO, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? { path: bin, why: '' } : { path: null, why: `the Electron binary ${bin} is missing` };
}

const binary = electronBinary();
// Say why in the run's output, not only in the report.
if (!binary.path) console.log(`Electron specs skipped: ${binary.why}`);

test.describe('Electron app', () => {
  test.skip(!binary.path, binary.why);

  test('opens the panel with the typed bridge and shows the rules', async () => {
    const env = makeEnv();
    populate(env);
    const app = await electron.launch({ executablePath: binary.path!, args: [join(REPO, 'dist', 'electron', 'app', 'main.js')], env: { ...env.processEnv, DISPLAY: process.env.DISPLAY ?? ':99' } });
    try {
      const window = await app.firstWindow();
      await expect(window.getByRole('heading', { name: 'Rules' })).toBeVisible();
      expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
      expect(await window.evaluate(() => Object.keys((window as unknown as { hookpanelBridge: object }).hookpanelBridge).includes('invoke'))).toBe(false);
    } finally {
      await app.close();
      env.cleanup();
    }
  });
});
