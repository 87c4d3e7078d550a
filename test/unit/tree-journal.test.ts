// The watchdog's journal (electron/host/process/tree-journal.ts): its lines read back, nothing of it left
// on disk, and its writes heard by no one watching the folder it was made in.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readJournal, TreeJournal } from '../../electron/host/process/tree-journal.js';
import type { HookTree } from '../../electron/host/process/groups.js';

let root: string;
const saved = { TMPDIR: process.env.TMPDIR, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'journal-test-'));
});
afterEach(() => {
  for (const [key, value] of Object.entries(saved))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  rmSync(root, { recursive: true, force: true });
});

const tree = (tag: string): HookTree => ({ tag, pgid: null, since: null, deadline: 0, graceMs: 0 });

/** The events a watch of `folder` hears while `act` runs, up to a marker file written after it. */
async function heardIn(folder: string, act: () => void): Promise<{ type: string; name: string }[]> {
  const heard: { type: string; name: string }[] = [];
  const watcher = watch(folder);
  try {
    const marked = new Promise<void>((resolve) =>
      watcher.on('change', (type, name) => {
        if (name === 'marker') return resolve();
        heard.push({ type, name: String(name) });
      }),
    );
    act();
    writeFileSync(join(folder, 'marker'), '');
    await marked;
    return heard;
  } finally {
    watcher.close();
  }
}

describe('the tree journal', () => {
  test('reads back what was written, leaves no file, and its writes wake no watcher of its folder', async () => {
    const temporary = join(root, 'tmp');
    mkdirSync(temporary);
    process.env.TMPDIR = temporary;
    delete process.env.XDG_RUNTIME_DIR;
    let journal: TreeJournal | null = null;
    const heard = await heardIn(temporary, () => {
      journal = TreeJournal.create();
      const live: HookTree[] = [];
      for (let i = 0; i < 20; i++) {
        live.push(tree(`t${i}`));
        journal.write({ track: live.at(-1)! }, live);
      }
      journal.write({ untrack: 't0' }, live.slice(1));
    });
    // Made and removed at once: at most its folder's creation and removal, never a write.
    expect(heard.length).toBeLessThanOrEqual(2);
    for (const event of heard) {
      expect(event.type).toBe('rename');
      expect(event.name).toMatch(/^hookpanel-trees-/);
    }
    expect(readdirSync(temporary)).toEqual(['marker']);
    const lines = readJournal(journal!.fd).filter(Boolean);
    expect(lines).toHaveLength(21);
    expect(JSON.parse(lines[0]!)).toEqual({ track: tree('t0') });
    expect(JSON.parse(lines[20]!)).toEqual({ untrack: 't0' });
    journal!.close();
  });

  test('is made in XDG_RUNTIME_DIR where it exists, else in the temporary folder', async () => {
    const runtime = join(root, 'runtime');
    const temporary = join(root, 'tmp');
    mkdirSync(runtime);
    mkdirSync(temporary);
    process.env.TMPDIR = temporary;
    process.env.XDG_RUNTIME_DIR = runtime;
    const inRuntime = await heardIn(runtime, () => TreeJournal.create().close());
    expect(inRuntime.map((e) => e.name)).toContainEqual(expect.stringMatching(/^hookpanel-trees-/));
    // Inherited where it does not exist (su, a service): the temporary folder instead.
    process.env.XDG_RUNTIME_DIR = join(root, 'gone');
    const inTemporary = await heardIn(temporary, () => TreeJournal.create().close());
    expect(inTemporary.map((e) => e.name)).toContainEqual(expect.stringMatching(/^hookpanel-trees-/));
    expect(readdirSync(runtime)).toEqual(['marker']);
    expect(readdirSync(temporary)).toEqual(['marker']);
  });
});
