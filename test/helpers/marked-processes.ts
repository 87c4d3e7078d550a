// Hook processes a test can find again: each carries a marker (NAME=uuid) in its environment, which
// its children inherit, so the process table shows what a test's hooks left running, escapees from
// their process group included.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestEnv } from './env.js';
import { processesWithMarker, waitFor } from './host.js';

export interface ProcessMarker {
  /** `NAME=uuid`, as it stands in /proc/<pid>/environ (and as a shell `export` takes it). */
  marker: string;
  /** The marker as an environment variable, to add to a hook's environment. */
  vars: Record<string, string>;
  /** This process's environment with the marker added, for a hook started directly. */
  env: Record<string, string>;
}

export function markProcesses(name: string): ProcessMarker {
  const vars = { [name]: randomUUID() };
  return {
    marker: `${name}=${vars[name]}`,
    vars,
    env: { ...(process.env as Record<string, string>), ...vars },
  };
}

/** Waits up to `timeoutMs` until no process carrying `marker` is left; fails naming the survivors. */
export async function expectAllEnded(marker: string, timeoutMs: number): Promise<void> {
  expect(
    await waitFor(
      () => processesWithMarker(marker),
      (p) => p.length === 0,
      timeoutMs,
    ),
  ).toEqual([]);
}

/** A pw Stop hook in the user's settings (~/.config/pw/code.json) that runs `command`. */
export function writePwStopHook(env: TestEnv, command: string, timeout?: number): void {
  const hook = { command, ...(timeout === undefined ? {} : { timeout }) };
  env.write('~/.config/pw/code.json', JSON.stringify({ hooks: { Stop: [{ hooks: [hook] }] } }));
}
