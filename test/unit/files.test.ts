// Malformed, empty, huge, non-UTF-8, unreadable or symlinked files give a diagnostic, never a crash.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { diag, makeEnv, type TestEnv } from '../helpers/env.js';

const DROP_CAPABILITIES = ['--bounding-set=-all', '--inh-caps=-all', '--'];

const FILE = '~/.config/pw/code.json';
let env: TestEnv;
afterEach(() => env?.cleanup());

describe('hostile files', () => {
  test('an empty JSON file is a syntax error that says it is empty', async () => {
    env = makeEnv();
    env.write(FILE, '');
    const s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toBe('invalid JSON: the file is empty; expected a JSON object');
  });

  test('an empty YAML or TOML file declares no hooks', async () => {
    env = makeEnv();
    env.write('~/.chrys/hooks/hooks.yaml', '');
    env.write('~/.config/io/io.toml', '');
    for (const p of ['~/.chrys/hooks/hooks.yaml', '~/.config/io/io.toml']) {
      const s = await env.source(p);
      expect(s.state).toBe('active');
      expect(diag(s)).toEqual([['info', 'empty_file', 1, 1]]);
    }
  });

  test('a huge file is not parsed', async () => {
    env = makeEnv();
    env.write(FILE, Buffer.alloc(5 * 1024 * 1024, 0x20));
    const s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]).toMatchObject({ code: 'file_too_large', severity: 'error' });
    expect(s.diagnostics[0]!.message).toContain('5.0 MiB');
  });

  test('non-UTF-8 bytes are located by line and column', async () => {
    env = makeEnv();
    env.write(
      FILE,
      Buffer.concat([Buffer.from('{\n  "hooks": "é'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n}\n')]),
    );
    const s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(diag(s)).toEqual([['error', 'not_utf8', 2, 14]]);
    expect(s.diagnostics[0]!.message).toContain('byte 0xff');
    expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a UTF-8 sequence cut off at the end of the file is located at its first byte', async () => {
    env = makeEnv();
    // The loader fuzzer's find (seed 1093217752): a lone 0xEF last, which starts U+FFFD's own bytes.
    for (const tail of [[0xef], [0xef, 0xbf], [0xe2, 0x82]]) {
      env.write(FILE, Buffer.concat([Buffer.from('{\n  "hooks": {}\n}'), Buffer.from(tail)]));
      const s = await env.source(FILE);
      expect(s.state).toBe('invalid');
      expect(diag(s)).toEqual([['error', 'not_utf8', 3, 2]]);
      expect(s.diagnostics[0]!.message).toContain(`byte 0x${tail[0]!.toString(16)} at offset 17`);
    }
  });

  test('a byte-order mark is skipped', async () => {
    env = makeEnv();
    env.write(FILE, '\ufeff{ "hooks": {} }');
    const s = await env.source(FILE);
    expect(s.state).toBe('active');
    expect(diag(s)).toEqual([['info', 'bom', 1, 1]]);
  });

  test('an unreadable file says permission denied', async () => {
    env = makeEnv();
    const p = env.write(FILE, '{}');
    chmodSync(p, 0o000);
    // Root reads any file whatever its mode (CI runs as root), so there `check` runs with every
    // capability dropped: still uid 0 and owner of the test's folders, no longer above file modes.
    const asRoot = process.getuid?.() === 0;
    const argv = [process.execPath, CLI, 'check', p, '--dialect', 'pw', '--json'];
    const r = spawnSync(
      asRoot ? 'setpriv' : argv[0]!,
      asRoot ? DROP_CAPABILITIES.concat(argv) : argv.slice(1),
      {
        env: env.processEnv,
        encoding: 'utf8',
      },
    );
    if (r.error)
      throw new Error(`cannot run ${asRoot ? 'setpriv (util-linux)' : 'node'}: ${r.error.message}`);
    const [s] = JSON.parse(r.stdout).sources;
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0].message).toBe(
      'cannot read the file: permission denied (check the file mode and owner)',
    );
    expect(r.status).toBe(1);
  });

  test('a pipe where a file should be is refused without blocking on it', async () => {
    env = makeEnv();
    mkdirSync(env.path('~/.config/pw'), { recursive: true });
    execFileSync('mkfifo', [env.path(FILE)]);
    const s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toBe('expected a regular file (this is a device, socket or pipe)');
  });

  test('a directory where a file should be', async () => {
    env = makeEnv();
    mkdirSync(env.path(FILE), { recursive: true });
    const s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toBe('expected a file but found a directory');
  });

  test('symlinks: followed with a note; dangling and looping ones are errors', async () => {
    env = makeEnv();
    const target = env.write('dotfiles/code.json', '{ "hooks": {} }');
    mkdirSync(env.path('~/.config/pw'), { recursive: true });
    symlinkSync(target, env.path(FILE));
    let s = await env.source(FILE);
    expect(s.state).toBe('active');
    expect(s.diagnostics[0]).toMatchObject({ severity: 'info', code: 'symlink' });
    expect(s.diagnostics[0]!.message).toContain(target);

    await env.cleanup();
    env = makeEnv();
    mkdirSync(env.path('~/.config/pw'), { recursive: true });
    symlinkSync(env.path('nowhere.json'), env.path(FILE));
    s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toContain('dangling symlink');

    await env.cleanup();
    env = makeEnv();
    mkdirSync(env.path('~/.config/pw'), { recursive: true });
    symlinkSync(env.path(FILE), env.path(FILE));
    s = await env.source(FILE);
    expect(s.state).toBe('invalid');
    expect(s.diagnostics[0]!.message).toContain('symlink loop');
  });

  test('duplicate JSON keys are warned about', async () => {
    env = makeEnv();
    writeFileSync(env.write(FILE, ''), '{ "hooks": {}, "hooks": { "Stop": [] } }');
    const s = await env.source(FILE);
    expect(diag(s)).toEqual([['warning', 'parse_warning', 1, 16]]);
    expect(s.diagnostics[0]!.message).toContain('duplicate key "hooks"');
  });

  test('deeply nested or binary garbage never throws', async () => {
    env = makeEnv();
    env.write(FILE, '['.repeat(100_000));
    env.write('~/.chrys/hooks/hooks.yaml', '- '.repeat(50_000));
    env.write('~/.config/io/io.toml', '[[hook]]\n'.repeat(10_000) + 'on = [\n');
    const sources = await env.load();
    for (const p of [FILE, '~/.chrys/hooks/hooks.yaml', '~/.config/io/io.toml']) {
      const s = sources.find((x) => x.path === env.path(p))!;
      expect(s.state).toBe('invalid');
      expect(s.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    }
  });
});
