import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countCliRun } from './cli-runs.js';
import type { TestEnv } from './env.js';
import { REPO } from './repo.js';

export const CLI = join(REPO, 'dist', 'electron', 'cli', 'main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the compiled `hookpanel` as a real process, under this Node unless `node` names another. */
export function runCli(
  args: string[],
  opts: { env: Record<string, string>; cwd?: string; input?: string; timeoutMs?: number; node?: string },
): Promise<CliResult> {
  countCliRun();
  return new Promise((resolve, reject) => {
    const child = spawn(opts.node ?? process.execPath, [CLI, ...args], {
      env: opts.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** A PATH where `hookpanel` is the compiled CLI and `hookpanel-hook` the fast-path script, as after install. */
export function withHookpanelOnPath(e: TestEnv): void {
  const bin = e.path('bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'hookpanel'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, {
    mode: 0o755,
  });
  symlinkSync(join(REPO, 'electron', 'cli', 'hookpanel-hook.sh'), join(bin, 'hookpanel-hook'));
  e.processEnv.PATH = `${bin}:${e.processEnv.PATH}`;
}
