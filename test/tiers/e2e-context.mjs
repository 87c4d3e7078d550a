// What the panel showed when a browser test failed, for the end of `npm test`'s log: a CI log may keep
// only its end, and a failure that does not repeat here (one run in many, on a loaded machine) can only
// be understood from it. For each failed test: Playwright's error (its error-context.md), the view's
// accessibility snapshot and the panel's console errors (written by the page fixture,
// test/e2e/fixtures.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const TESTS = 3;
const SNAPSHOT_LINES = 60;

/** The folders of failed tests under `dir`, at most TESTS of them. */
function failedTests(dir) {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('error-context.md'))
      .slice(0, TESTS)
      .map((f) => dirname(join(dir, f)));
  } catch {
    return [];
  }
}

/** The first fenced block's lines after `heading`, or [] when there is none. */
function block(lines, heading) {
  const at = lines.indexOf(heading);
  if (at < 0) return [];
  const open = lines.findIndex((l, i) => i > at && l.startsWith('```'));
  const close = lines.findIndex((l, i) => i > open && l.startsWith('```'));
  return open < 0 ? [] : lines.slice(open + 1, close < 0 ? undefined : close);
}

const linesOf = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n') : []);

/** The lines to print for each failed test under `dir` (Playwright's outputDir). */
export function failedTestContexts(dir) {
  const out = [];
  for (const test of failedTests(dir)) {
    const context = linesOf(join(test, 'error-context.md'));
    const name = context.find((l) => l.startsWith('- Name: '))?.slice('- Name: '.length) ?? test;
    out.push(`${name}:`, ...block(context, '# Error details').map((l) => `  ${l}`));
    const view = linesOf(join(test, 'view-snapshot.yaml'));
    if (view.length) {
      out.push('  what the view showed:', ...view.slice(0, SNAPSHOT_LINES).map((l) => `    ${l}`));
      if (view.length > SNAPSHOT_LINES) out.push(`    … and ${view.length - SNAPSHOT_LINES} lines more`);
    }
    const said = linesOf(join(test, 'panel-console.txt'));
    if (said.length) out.push("  the panel's console:", ...said.slice(0, 10).map((l) => `    ${l}`));
  }
  return out;
}
