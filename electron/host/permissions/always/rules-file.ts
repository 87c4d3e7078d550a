// Appends one line to a rules file (Codex's default.rules): created with its folder if missing, never
// a second copy of an identical line, every other byte kept; written atomically under a lock, so a
// reader (Codex) sees the old file or the new one and two answers at once do not lose a line.
import { readFile, realpath, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../../util/atomic.js';
import { withFileLock } from '../../util/lock.js';

/** Whether the line was added (false: it was there already). */
export async function appendRuleLine(path: string, line: string): Promise<boolean> {
  // Through a symlink, the file it points to is the one to change (a rename would replace the link).
  const target = await realpath(path).catch(() => path);
  return withFileLock(`${target}.hookpanel-lock`, async () => {
    const before = await readFile(target, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    if (before.split(/\r?\n/).some((l) => l.trim() === line)) return false;
    const mode = await stat(target).then(
      (s) => s.mode & 0o777,
      () => 0o644,
    );
    const separator = before && !before.endsWith('\n') ? '\n' : '';
    await writeFileAtomic(target, `${before}${separator}${line}\n`, mode);
    return true;
  });
}
