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
    // SARIF, written in one piece: its CSV writer races its own header write against the rows.
    const out = env.path('eneg.sarif');
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
      await run({ input, output, electronVersionOverride, isSarif: true, customScan: [],
        excludeFromScan: [], isVerbose: true, parserPlugins: [] }, false);
    })().catch((e) => { console.error(e.stack); process.exit(1); });`;
    await promisify(execFile)(process.execPath, ['-e', scan, join(REPO, 'electron', 'app'), out, electron], {
      timeout: 120_000,
    });
    const findings = (
      JSON.parse(readFileSync(out, 'utf8')) as {
        runs: { results: { ruleId: string; message: { text: string }; locations: Location[] }[] }[];
      }
    ).runs[0]!.results;
    // The scan saw the shell (a preload is always there to review), so an empty list is not a pass.
    expect(findings.map((f) => f.ruleId)).toContain('PRELOAD_JS_CHECK');
    const reviewed = JSON.parse(
      readFileSync(join(REPO, '.config', 'electronegativity-reviewed.json'), 'utf8'),
    ).reviewed as Record<string, string>;
    const open = findings.filter((f) => !reviewed[f.ruleId]);
    expect(
      open.map((f) => {
        const at = f.locations[0]?.physicalLocation;
        return `${f.ruleId} | ${at?.artifactLocation.uri}:${at?.region.startLine} | ${f.message.text}`;
      }),
      'unreviewed findings',
    ).toEqual([]);
  } finally {
    await env.cleanup();
  }
}, 150_000);

interface Location {
  physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
}
