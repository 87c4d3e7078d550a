// The reaper: a detached process that ends hook trees at their deadlines for a process that has gone.
//   reaper-main.js '<trees as JSON>'   a hand-off (`hookpanel emit` after its answer): enforce at once.
//   reaper-main.js --watch             a watchdog for a resident host: when stdin closes (the host
//                                      exited or was killed), the journal on fd 3 (`{"track": tree}`
//                                      and `{"untrack": tag}` lines, tree-journal.ts), then any lines
//                                      stdin carried (a host that could not write its journal), are
//                                      replayed and what is still tracked is enforced.
// It exits as soon as every tree is gone, by itself or ended.
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { endTree } from './end.js';
import { trackTree, treeMembers, untrackTree, type HookTree } from './groups.js';
import { readJournal } from './tree-journal.js';

/** How often trees are looked at before their deadline, to leave early when they end by themselves. */
const LOOK_EVERY_MS = 1000;

const TreeSchema = z.object({
  tag: z.string().min(1),
  pgid: z.number().int().positive().nullable(),
  since: z.number().int().positive().nullable(),
  epoch: z.string().nullish(),
  sinceTicks: z.number().int().nullish(),
  leaderStart: z.number().int().nullish(),
  known: z.array(z.string()).max(64).optional(),
  deadline: z.number(),
  graceMs: z.number().nonnegative(),
});
const LineSchema = z.union([z.object({ track: TreeSchema }), z.object({ untrack: z.string() })]);

process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
process.on('SIGHUP', () => {}); // a closing terminal is no reason to leave trees running

const trees = new Map<string, HookTree>();
if (process.argv[2] === '--watch') {
  // Lines come on stdin only where the host could not write its journal (then after all of it); the
  // end of stdin is the host's.
  const piped: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) piped.push(line);
  // A line torn by the host's death is not JSON, and skipped.
  for (const line of [...journalLines(), ...piped]) {
    const parsed = LineSchema.safeParse(safeJson(line));
    if (!parsed.success) continue;
    if ('track' in parsed.data) trees.set(parsed.data.track.tag, parsed.data.track);
    else trees.delete(parsed.data.untrack);
  }
} else {
  for (const t of z.array(TreeSchema).parse(JSON.parse(process.argv[2] ?? '[]'))) trees.set(t.tag, t);
}
await enforce([...trees.values()]);

async function enforce(list: HookTree[]): Promise<void> {
  // Tracked here too: if the reaper itself is told to stop, its exit kills what is left.
  for (const t of list) trackTree(t);
  while (list.length) {
    const now = Date.now();
    const due = list.filter((t) => t.deadline <= now);
    if (due.length) {
      await Promise.all(due.map((t) => endTree(t)));
      list = list.filter((t) => !due.includes(t));
      continue;
    }
    const next = Math.min(...list.map((t) => t.deadline));
    await delay(Math.max(1, Math.min(next - now, LOOK_EVERY_MS)));
    const members = treeMembers(list);
    for (const t of list.filter((t) => !members.get(t)!.members.length)) untrackTree(t);
    list = list.filter((t) => members.get(t)!.members.length > 0);
  }
}

function journalLines(): string[] {
  try {
    return readJournal(3);
  } catch {
    return []; // started without a journal (by hand): nothing was tracked
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
