// Packaging: electron-builder's `dir` target with `electronDist` pointed at a stand-in (no Electron can
// be downloaded here), then a look inside the asar.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { makeEnv, REPO, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

test('the packaged app holds main, preload, renderer and the CLI, and no dev dependencies or tests', async () => {
  env = makeEnv();
  const dist = env.path('electron-dist');
  mkdirSync(join(dist, 'resources'), { recursive: true });
  writeFileSync(join(dist, 'electron'), '#!/bin/sh\necho stand-in\n', { mode: 0o755 });
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const electronVersion = JSON.parse(
    readFileSync(join(REPO, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ).version;
  const out = env.path('out');
  const builder = join(REPO, 'node_modules', 'electron-builder', 'cli.js');
  await promisify(execFile)(
    process.execPath,
    [
      builder,
      '--config',
      'electron-builder.yml',
      '--dir',
      '--linux',
      `-c.electronDist=${dist}`,
      `-c.electronVersion=${electronVersion}`,
      `-c.directories.output=${out}`,
    ],
    { cwd: REPO, timeout: 240_000, env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } },
  );
  const asar = join(out, 'linux-unpacked', 'resources', 'app.asar');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(REPO, 'node_modules', '@electron', 'asar', 'bin', 'asar.js'), 'list', asar],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const files = stdout.split('\n').filter(Boolean);
  for (const f of [
    '/dist/electron/app/main.js',
    '/dist/electron/app/preload.cjs',
    '/dist/renderer/index.html',
    '/dist/electron/cli/main.js',
    '/dist/electron/host/service.js',
    '/package.json',
  ])
    expect(files).toContain(f);
  expect(
    files.filter(
      (f) =>
        f.startsWith('/dist/test') ||
        /\.(test|spec)\.[cm]?js$/.test(f) ||
        f.endsWith('.map') ||
        f.startsWith('/test/'),
    ),
  ).toEqual([]);
  const bundled = new Set(
    files
      .filter((f) => f.startsWith('/node_modules/'))
      .map((f) =>
        f
          .split('/')
          .slice(2, f.split('/')[2]!.startsWith('@') ? 4 : 3)
          .join('/'),
      ),
  );
  const dev = Object.keys(pkg.devDependencies as Record<string, string>).filter((d) => bundled.has(d));
  expect(dev).toEqual([]);
  for (const dep of Object.keys(pkg.dependencies as Record<string, string>))
    expect(bundled.has(dep), dep).toBe(true);
  expect(files.some((f) => f.startsWith('/node_modules/electron/'))).toBe(false);
  // The history database's native module is outside the asar, where dlopen can load it.
  const unpacked = join(out, 'linux-unpacked', 'resources', 'app.asar.unpacked', 'node_modules', '@libsql');
  expect(readdirSync(unpacked).some((d) => existsSync(join(unpacked, d, 'index.node')))).toBe(true);
  // So is koffi's (hooks are spawned through it), for Linux only: no other system's library is shipped.
  const koffi = join(out, 'linux-unpacked', 'resources', 'app.asar.unpacked', 'node_modules', 'koffi');
  expect(existsSync(join(koffi, 'build', 'koffi', 'linux_x64', 'koffi.node'))).toBe(true);
  expect(readdirSync(join(koffi, 'build', 'koffi')).filter((d) => !/^(linux|musl)_/.test(d))).toEqual([]);
  expect(files.filter((f) => /^\/node_modules\/koffi\/(src|vendor|doc)\//.test(f))).toEqual([]);
  expect(files).toContain('/dist/electron/host/history/worker.js');
}, 300_000);
