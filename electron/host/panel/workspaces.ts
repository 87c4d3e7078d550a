// Workspaces a person adds in Settings (or fires Test fire into) must be folders that exist: a typo
// would otherwise be saved silently and every hook run there would fail to start.
import { stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

/** Why a workspace cannot be used (it is missing, or not a folder), or null when it can. */
export async function missingWorkspace(path: string): Promise<string | null> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? null : `the workspace ${path} is a file, not a folder`;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `the workspace ${path} does not exist`;
    return `the workspace ${path} cannot be read (${code ?? (e as Error).message})`;
  }
}

/**
 * The workspaces to save: `~` expanded, each new one checked (those saved before are kept as they are,
 * so a folder that went away can still be removed). Throws, naming every one that cannot be used.
 */
export async function checkWorkspaces(
  wanted: readonly string[],
  saved: readonly string[],
  home: string,
): Promise<string[]> {
  const out: string[] = [];
  const problems: string[] = [];
  for (const raw of wanted) {
    const w = raw.trim();
    const path = w === '~' ? home : w.startsWith('~/') ? join(home, w.slice(2)) : w;
    if (saved.includes(path)) {
      out.push(path);
      continue;
    }
    if (!isAbsolute(path)) {
      problems.push(`"${w}" is not a full path: give the folder from the root, such as /home/you/project`);
      continue;
    }
    const why = await missingWorkspace(path);
    if (why) problems.push(why);
    else out.push(resolve(path));
  }
  if (problems.length) throw new Error(capitalize(problems.join('; ')));
  return [...new Set(out)];
}

function capitalize(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1);
}
