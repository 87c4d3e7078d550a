import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HostEnv } from '../../electron/host/paths.js';

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
