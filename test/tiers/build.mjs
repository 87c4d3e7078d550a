// The stamp that says dist/ is current: `npm run build` (which `npm ci` and `npm install` run as
// `prepare`) hashes every input it reads before it starts (`prebuild`: --begin) and, once every step
// has passed (`postbuild`: --end), keeps that hash in dist/.build-inputs. `--if-stale` (`npm test`'s
// build) runs `npm run build` only when the inputs are no longer those, so a fresh clone compiles once
// rather than once per tier; vitest's global setup asks the same question (`buildCliIfStale`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAMP = join(REPO, 'dist', '.build-inputs');
const PENDING = `${STAMP}.pending`;
/** The same stamp for the CLI part alone (CLI_STEPS), which vitest's setup builds when dist/ is stale. */
const CLI_STAMP = join(REPO, 'dist', '.cli-build-inputs');
/** What the build reads: sources, tests (tsc compiles them too), configs and the dependencies' lock. */
const INPUT_DIRS = ['electron', 'shared', 'renderer', 'test'];
const INPUT_FILES = ['tsconfig.json', 'package.json', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/**
 * The part of the build the CLI tests need, which vitest's global setup runs when dist/ is stale: tsc,
 * then emit's in-process bundle, the commands and the entry with emit's path, bundled as `npm run build`
 * bundles them.
 */
const CLI_STEPS = [
  ['node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json'],
  ['node_modules/vite/bin/vite.js', 'build', '--config', 'electron/cli/emit-local.vite.config.mts'],
  ['node_modules/vite/bin/vite.js', 'build', '--config', 'electron/cli/commands.vite.config.mts'],
  ['node_modules/vite/bin/vite.js', 'build', '--config', 'electron/cli/main.vite.config.mts'],
];

function* files(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** The sha256 of every input's path and bytes. */
function inputsHash() {
  const hash = createHash('sha256');
  const paths = [
    ...INPUT_DIRS.flatMap((d) => [...files(join(REPO, d))]),
    ...INPUT_FILES.map((f) => join(REPO, f)).filter((f) => existsSync(f)),
  ];
  for (const path of paths) {
    hash.update(`${relative(REPO, path)}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the last complete build read exactly the inputs there are now. */
export function distIsCurrent(hash = inputsHash()) {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash;
}

/**
 * Vitest's setup: the CLI part compiled unless the last full build, or the last CLI-only build, read
 * exactly these inputs; its own stamp kept so the next test file run does not compile again.
 */
export function buildCliIfStale() {
  const hash = inputsHash();
  if (distIsCurrent(hash) || (existsSync(CLI_STAMP) && readFileSync(CLI_STAMP, 'utf8').trim() === hash))
    return true;
  rmSync(CLI_STAMP, { force: true });
  if (!runSteps(CLI_STEPS)) return false;
  writeFileSync(CLI_STAMP, `${hash}\n`);
  return true;
}

/** Runs each argv with the Node that runs this; false at the first that fails. */
function runSteps(steps) {
  for (const argv of steps) {
    const r = spawnSync(process.execPath, argv, { cwd: REPO, stdio: 'inherit' });
    if (r.status !== 0) return false;
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [what] = process.argv.slice(2);
  if (what === '--begin') {
    // A build that fails half way must not leave the old stamp saying dist/ is current.
    rmSync(STAMP, { force: true });
    rmSync(CLI_STAMP, { force: true });
    mkdirSync(dirname(STAMP), { recursive: true });
    writeFileSync(PENDING, `${inputsHash()}\n`);
  } else if (what === '--end') {
    if (existsSync(PENDING)) renameSync(PENDING, STAMP);
  } else if (what === '--if-stale') {
    const hash = inputsHash();
    if (distIsCurrent(hash)) {
      console.log(`build: dist/ is current (inputs sha256 ${hash.slice(0, 12)}), nothing compiled`);
      process.exit(0);
    }
    const npm = process.env.npm_execpath;
    const [cmd, args] = npm ? [process.execPath, [npm]] : ['npm', []];
    const r = spawnSync(cmd, [...args, 'run', 'build'], { cwd: REPO, stdio: 'inherit' });
    process.exit(r.status ?? 1);
  } else {
    console.error('usage: node test/tiers/build.mjs --begin | --end | --if-stale');
    process.exit(2);
  }
}
