// Reading and writing one file on a machine over ssh, as connect does locally: read whole (absent is
// null), written only through a temporary file renamed into place, keeping the mode the file had.
import type { HostEnv } from '../paths.js';
import { printfFormat } from './printf-bytes.js';
import { remoteFails, runRemote, sshFailure } from './ssh.js';

const PRESENT = 'hookpanel-file-present';

export async function readRemoteFile(host: HostEnv, target: string, path: string): Promise<string | null> {
  const r = await runRemote(
    host,
    target,
    [
      'if [ -f "$1" ]; then echo ' + PRESENT + '; exec cat -- "$1"',
      'elif [ -e "$1" ]; then echo "$1 is not a regular file" >&2; exit 3',
      'fi',
    ].join('\n'),
    [path],
  );
  if (r.code !== 0) remoteFails(sshFailure(target, r));
  if (!r.stdout.startsWith(`${PRESENT}\n`)) return null;
  return r.stdout.slice(PRESENT.length + 1);
}

/** Writes `text` to `path` (its folder made owner-only where missing), or removes it for null. */
export async function writeRemoteFile(
  host: HostEnv,
  target: string,
  path: string,
  text: string | null,
): Promise<void> {
  const script =
    text === null
      ? 'rm -f -- "$1"'
      : [
          'set -e',
          'f=$1',
          // A link would be replaced by a file: left as it is, and said.
          'if [ -L "$f" ]; then echo "$f is a symbolic link; Hookpanel does not write through it over ssh" >&2; exit 3; fi',
          'umask 077',
          'mkdir -p -- "$(dirname -- "$f")"',
          'tmp="$f.hookpanel-$$.tmp"',
          // cp -p first, so the new file keeps the old one's mode.
          'if [ -e "$f" ]; then cp -p -- "$f" "$tmp"; fi',
          `printf ${printfFormat(text)} > "$tmp"`,
          'mv -f -- "$tmp" "$f"',
        ].join('\n');
  const r = await runRemote(host, target, script, [path]);
  if (r.code !== 0) remoteFails(sshFailure(target, r));
}
