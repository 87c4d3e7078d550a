// Electronegativity over the Electron shell: every finding must be fixed or reviewed in
// .config/electronegativity-reviewed.json with the reason it is acceptable.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { makeEnv } from '../helpers/env.js';
import { REPO } from '../helpers/env.js';

test('Electronegativity finds nothing unreviewed in electron/app', async () => {
  const env = makeEnv();
  try {
    const out = env.path('eneg.csv');
    const electron = JSON.parse(readFileSync(join(REPO, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;
    await promisify(execFile)(process.execPath, [join(REPO, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js'), '-i', join(REPO, 'electron', 'app'), '-o', out, '-e', electron], { timeout: 120_000 });
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).filter(Boolean);
    const reviewed = JSON.parse(readFileSync(join(REPO, '.config', 'electronegativity-reviewed.json'), 'utf8')).reviewed as Record<string, string>;
    const open = rows.filter((r) => !reviewed[r.split(',')[0]!]);
    expect(open, `unreviewed findings:\n${open.join('\n')}`).toEqual([]);
  } finally {
    env.cleanup();
  }
}, 150_000);
