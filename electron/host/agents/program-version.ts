// What an agent's program says its version is (`claude --version`), asked once per program file: the
// panel lists agents every half minute, and a Node CLI start costs a few hundred milliseconds. The
// program runs without a shell, in the home folder, and only from an absolute path: a relative PATH
// entry would run whatever a workspace put there.
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';

const ASK_MS = 5_000;
const asked = new Map<string, Promise<string | null>>();

/** The first version number in what a program printed: "2.1.3 (Claude Code)", "codex-cli 0.171.0". */
export function versionIn(text: string): string | null {
  return /\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.]+)?/.exec(text)?.[0] ?? null;
}

/** The version `program --version` prints; null when it prints none, fails or takes over 5 s. */
export function programVersion(
  program: string,
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<string | null> {
  // Windows' .cmd and .bat shims start only through a shell: no version rather than one.
  if (!isAbsolute(program) || /\.(cmd|bat)$/i.test(program)) return Promise.resolve(null);
  let stamp: string;
  try {
    const s = statSync(program);
    stamp = `${s.mtimeMs}:${s.size}`;
  } catch {
    return Promise.resolve(null);
  }
  const key = `${program}\0${stamp}`;
  let found = asked.get(key);
  if (!found) {
    found = new Promise((resolve) => {
      execFile(
        program,
        ['--version'],
        { cwd, env, timeout: ASK_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024, windowsHide: true },
        (error, stdout) => resolve(error ? null : versionIn(String(stdout))),
      );
    });
    asked.set(key, found);
  }
  return found;
}
