// A small filesystem of its own for a test (tmpfs, as root): a full disk or a read-only one is then real,
// not simulated. Where mounting is not permitted (not root, no CAP_SYS_ADMIN) the caller skips, saying why.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestEnv } from './env.js';

/** Why a tmpfs cannot be mounted here, or null when it can. Probed once, with a real mount. */
let probed: string | null | undefined;
export function tmpfsUnavailable(): string | null {
  if (probed !== undefined) return probed;
  if (process.platform !== 'linux') return (probed = 'tmpfs mounts are Linux only');
  if (process.getuid?.() !== 0) return (probed = 'mounting a tmpfs needs root (CI runs as root)');
  const dir = mkdtempSync(join(tmpdir(), 'hookpanel-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    probed = null;
  } catch (e) {
    probed = `mounting a tmpfs is not permitted here: ${(e as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return probed;
}

/** Mounts a tmpfs of `size` (mount's syntax: 1m, 64k) at a path under the test's root, unmounted at cleanup. */
export function mountTmpfs(env: TestEnv, target: string, size: string): string {
  const dir = env.path(target);
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  env.onCleanup(async () => {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    } catch {
      // unmounted already (the probe)
    }
  });
  return dir;
}

/** Mounts it again with other options: `ro`, `rw`, `size=4m`. */
export function remount(dir: string, options: string): void {
  execFileSync('mount', ['-o', `remount,${options}`, dir], { stdio: 'pipe' });
}

/** Writes into `dir` until the disk says it is full. */
export function fillToTheByte(dir: string): void {
  const fd = openSync(`${dir}/filler`, 'w');
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  // Bytes left over from the last chunk too.
  const fd1 = openSync(`${dir}/filler-1`, 'w');
  try {
    for (;;) writeSync(fd1, Buffer.alloc(1, 1));
  } catch {
    // full to the byte
  } finally {
    closeSync(fd1);
  }
}
