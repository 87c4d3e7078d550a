// Folders watched in place of files Hookpanel cannot pin (`sh hooks/*.sh`, `PATH=hooks:$PATH gate.sh`):
// their digest covers every file under them, by name and bytes, so any change asks for review again.
// The workspace folder itself is taken one level deep (its own files, not the whole project); other
// folders to a few levels. Both are bounded, so a huge folder cannot stall a load.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';

const MAX_ENTRIES = 2000;
const MAX_DEPTH = 4;
/** Files larger than this count by size and times instead of bytes. */
const MAX_HASHED = 4 * 1024 * 1024;
const SKIPPED = new Set(['.git', 'node_modules']);

interface Entry {
  rel: string;
  path: string;
  stat: Stats;
}

function walk(root: string, workspace: string | null): Entry[] | null {
  let top: Stats;
  try {
    top = statSync(root);
  } catch {
    return null;
  }
  if (!top.isDirectory()) return null;
  const depthLimit = root === workspace ? 1 : MAX_DEPTH;
  const out: Entry[] = [];
  const visit = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= MAX_ENTRIES) return;
      const path = join(dir, name);
      let stat: Stats;
      try {
        stat = statSync(path);
      } catch {
        continue;
      }
      out.push({ rel: relative(root, path), path, stat });
      if (stat.isDirectory() && depth + 1 < depthLimit && !SKIPPED.has(name)) visit(path, depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

/** A digest of every file under the folder (names and bytes), or null when it is not a folder. */
export function folderDigest(root: string, workspace: string | null): string | null {
  const entries = walk(root, workspace);
  if (!entries) return null;
  const h = createHash('sha256').update('folder\n');
  for (const e of entries) {
    if (e.stat.isDirectory()) h.update(`d ${e.rel}\n`);
    else if (e.stat.size > MAX_HASHED) h.update(`L ${e.rel} ${e.stat.size} ${e.stat.mtimeMs}\n`);
    else {
      let bytes: Buffer;
      try {
        bytes = readFileSync(e.path);
      } catch {
        continue;
      }
      h.update(`f ${e.rel} ${createHash('sha256').update(bytes).digest('hex')}\n`);
    }
  }
  return h.digest('hex');
}

/** Cheap stats of everything under the folder, for the source cache's fingerprint. */
export function folderStamp(root: string, workspace: string | null): { stamp: string; newest: number } {
  const entries = walk(root, workspace);
  if (!entries) return { stamp: '-', newest: 0 };
  return {
    stamp: entries
      .map((e) => `${e.rel}:${e.stat.ino}:${e.stat.size}:${e.stat.mtimeMs}:${e.stat.ctimeMs}`)
      .join(','),
    newest: Math.max(0, ...entries.map((e) => e.stat.ctimeMs)),
  };
}
