// Detached hooks start a new session, write to an owner-only log under Hookpanel's home, and
// outlive the host; they are not counted against the parallel cap. Spawned through execa with the
// log and input files handed over as raw descriptors, so nothing of the host sits between the hook
// and its files once the host has gone.
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { nodeScriptEnv } from '../process/node-script.js';

export interface DetachedSpec {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string | null;
  logDir: string;
  name: string;
}

export function spawnDetached(spec: DetachedSpec): {
  pid: number | null;
  logPath: string;
  error: string | null;
} {
  mkdirSync(spec.logDir, { recursive: true, mode: 0o700 });
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const safe = spec.name.replace(/[^\w.-]+/g, '_');
  const logPath = join(spec.logDir, `${safe}-${stamp}.log`);
  const inputPath = join(spec.logDir, `${safe}-${stamp}.input.json`);
  writeFileSync(inputPath, spec.stdin ?? '', { mode: 0o600 });
  const log = openSync(logPath, 'a', 0o600);
  const input = openSync(inputPath, 'r');
  try {
    // The outbox runner is one of our Node scripts: under Electron its binary must run as Node.
    const env = spec.argv[0] === process.execPath ? nodeScriptEnv(spec.env) : spec.env;
    const child = execa(spec.argv[0]!, spec.argv.slice(1), {
      cwd: spec.cwd,
      env,
      extendEnv: false,
      detached: true,
      stdin: descriptor(input),
      stdout: descriptor(log),
      stderr: descriptor(log),
      windowsHide: true,
      reject: false,
    });
    child.catch(() => {}); // reported below: a child that never started has no pid
    child.unref();
    return {
      pid: child.pid ?? null,
      logPath,
      error:
        child.pid === undefined ? `${spec.argv[0]}: could not start (not found or not executable)` : null,
    };
  } finally {
    closeSync(log);
    closeSync(input);
  }
}

/**
 * execa hands any open descriptor to the child as is (its docs: "a file descriptor integer"), but its
 * types list only the small numbers 1–9; a file opened here has whatever number the system gave it.
 */
function descriptor(fd: number): 3 {
  return fd as 3;
}
