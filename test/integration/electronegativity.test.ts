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
    const electron = JSON.parse(readFileSync(join(REPO, 'node_modules', 'electron', 'package.json'), 'utf8'))
      .version as string;
    // Its runner, not its CLI: the CLI requires a `commander` it does not declare and breaks on the
    // project's own commander 14 (its v2-era API is gone).
    const dist = join(REPO, 'node_modules', '@doyensec', 'electronegativity', 'dist');
    const scan = `(async () => {
      const i18n = require(${JSON.stringify(join(dist, 'locales', 'i18n.js'))});
      await i18n();
      const run = require(${JSON.stringify(join(dist, 'runner.js'))});
      const [input, output, electronVersionOverride] = process.argv.slice(1);
      await run({ input, output, electronVersionOverride, isSarif: false, customScan: [],
        excludeFromScan: [], isVerbose: true, parserPlugins: [] }, false);
    })().catch((e) => { console.error(e.stack); process.exit(1); });`;
    await promisify(execFile)(process.execPath, ['-e', scan, join(REPO, 'electron', 'app'), out, electron], {
      timeout: 120_000,
    });
    const rows = parseCsv(readFileSync(out, 'utf8'))
      .slice(1)
      .filter((r) => r.length > 1);
    const reviewed = JSON.parse(
      readFileSync(join(REPO, '.config', 'electronegativity-reviewed.json'), 'utf8'),
    ).reviewed as Record<string, string>;
    const open = rows.filter((r) => !reviewed[r[0]!.trim()]);
    expect(
      open.map((r) => r.join(' | ')),
      'unreviewed findings',
    ).toEqual([]);
  } finally {
    await env.cleanup();
  }
}, 150_000);

/** RFC 4180 records: quoted fields may hold commas and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
