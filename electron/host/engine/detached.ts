// Detached hooks start a new session, write to an owner-only log under Hookpanel's home, and
// outlive the host; they are not counted against the parallel cap. They are spawned with Node's own
// spawn, synchronously, so one is running before the event is answered (a host killed right after
// answering still leaves it started). execa would not fit: it loads asynchronously (process/execa.ts),
// its `{ file }` output is piped through the parent (which a detached hook must outlive), and nothing
// of its output handling or promise applies to a child that is never read from or waited for.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    const child = spawn(spec.argv[0]!, spec.argv.slice(1), {
      cwd: spec.cwd,
      env,
      detached: true,
      stdio: [input, log, log],
      windowsHide: true,
    });
    child.on('error', () => {}); // reported below: a child that never started has no pid
    child.unref();
    return {
      pid: child.pid ?? null,
      logPath,
      error:
        child.pid === undefined
          ? existsSync(spec.cwd)
            ? `${spec.argv[0]}: could not start (not found or not executable)`
            : `${spec.argv[0]}: working directory ${spec.cwd} does not exist`
          : null,
    };
  } finally {
    closeSync(log);
    closeSync(input);
  }
}
