// With HOOKPANEL_TEST_SLOTS=<folder> (npm test's Node 24 pass, beside the browser tier), a test file starts
// only once it holds one of the folder's slots, and gives it back when it ends. The folder's `limit` file
// says how many files may run at once; npm test raises it when the browser tier ends, so the pass fills the
// cores the browser left (vitest's own number of workers is fixed when it starts). A slot whose holder died
// is taken back. Without the variable, nothing waits.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';

const DIR = process.env.HOOKPANEL_TEST_SLOTS;
/** How often a waiting file looks for a free slot. */
const POLL_MS = 250;

/** The number of files allowed at once, as the folder says now (1 where it cannot be read). */
function limitOf(dir: string): number {
  try {
    return Math.max(1, Number.parseInt(readFileSync(join(dir, 'limit'), 'utf8'), 10) || 1);
  } catch {
    return 1;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): number | null {
  try {
    return Number(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Creates the slot's file if it is free (or its holder is gone); its path, or null when taken. */
function claim(path: string): string | null {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return path;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const holder = holderOf(path);
  if (holder === null) return null; // given back meanwhile: the next look takes it
  // This process's own, left by a file that ended without giving it back (it failed to load, say).
  if (holder === process.pid) return path;
  // An empty file is a holder between its open and its write.
  if (holder > 0 && !alive(holder)) rmSync(path, { force: true });
  return null;
}

async function takeSlot(dir: string): Promise<string> {
  for (;;) {
    const limit = limitOf(dir);
    for (let i = 0; i < limit; i++) {
      const slot = claim(join(dir, `slot-${i}`));
      if (slot) return slot;
    }
    await sleep(POLL_MS);
  }
}

if (DIR) {
  const slot = await takeSlot(DIR);
  afterAll(() => rmSync(slot, { force: true }));
}
