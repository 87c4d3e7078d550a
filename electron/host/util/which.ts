import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** Resolves a program the way execvp would: names with a slash are paths, others are searched on PATH. */
export function findProgram(
  program: string,
  pathEnv: string | undefined,
  baseDir: string | null,
  platform = process.platform,
): string | null {
  if (program.includes('/') || (platform === 'win32' && program.includes('\\'))) {
    if (!isAbsolute(program) && baseDir === null) return null;
    const full = isAbsolute(program) ? program : resolve(baseDir!, program);
    return isExecutable(full) ? full : null;
  }
  const exts = platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const full = join(dir, program + ext);
      if (isExecutable(full)) return full;
    }
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** findProgram with answers remembered for one load (a file of 1,000 rules names few programs). */
export function programFinder(
  pathEnv: string | undefined,
  platform = process.platform,
): (program: string, baseDir: string | null) => string | null {
  const seen = new Map<string, string | null>();
  return (program, baseDir) => {
    const key = `${baseDir ?? ''}\0${program}`;
    if (!seen.has(key)) seen.set(key, findProgram(program, pathEnv, baseDir, platform));
    return seen.get(key)!;
  };
}
