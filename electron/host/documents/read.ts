import { createHash } from 'node:crypto';
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import type { Position } from './document.js';

/** Hook files are small; anything larger is almost surely the wrong file and is not parsed. */
export const MAX_HOOK_FILE_BYTES = 4 * 1024 * 1024;

export interface ReadNote {
  severity: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  position: Position | null;
}

export type ReadResult =
  | { status: 'absent' }
  | { status: 'failed'; notes: ReadNote[]; sha256: string | null }
  | { status: 'ok'; text: string; bytes: Buffer; sha256: string; realPath: string; notes: ReadNote[] };

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads a hook file defensively: every way it can be wrong becomes a note, never a throw. */
export async function readHookFile(path: string): Promise<ReadResult> {
  const notes: ReadNote[] = [];
  let link;
  try {
    link = await lstat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'absent' };
    return failed(`cannot read the file: ${describeErrno(e)}`);
  }
  let realPath = path;
  if (link.isSymbolicLink()) {
    try {
      realPath = await realpath(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'ELOOP'
          ? 'a symlink loop'
          : code === 'ENOENT'
            ? 'a dangling symlink (its target does not exist)'
            : describeErrno(e);
      return failed(`the file is ${why}; point it at a real file or remove it`, 'symlink_broken');
    }
    notes.push({
      severity: 'info',
      code: 'symlink',
      message: `the file is a symlink to ${realPath}; Hookpanel reads the target`,
      position: null,
    });
  }
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    return failed(`cannot read the file: ${describeErrno(e)}`);
  }
  if (info.isDirectory()) return failed('expected a file but found a directory');
  if (!info.isFile()) return failed('expected a regular file (this is a device, socket or pipe)');
  if (info.size > MAX_HOOK_FILE_BYTES) {
    return failed(
      `the file is ${(info.size / 1024 / 1024).toFixed(1)} MiB; hook files are read up to ${MAX_HOOK_FILE_BYTES / 1024 / 1024} MiB, so this one was not parsed`,
      'file_too_large',
      { line: 1, column: 1 },
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    return failed(`cannot read the file: ${describeErrno(e)}`);
  }
  const digest = sha256(bytes);
  const bad = firstInvalidUtf8(bytes);
  if (bad !== null) {
    return {
      status: 'failed',
      sha256: digest,
      notes: [
        ...notes,
        {
          severity: 'error',
          code: 'not_utf8',
          message: `the file is not valid UTF-8 (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad}); save it as UTF-8`,
          position: bytePosition(bytes, bad),
        },
      ],
    };
  }
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    notes.push({
      severity: 'info',
      code: 'bom',
      message: 'the file starts with a byte-order mark, which Hookpanel skips',
      position: { line: 1, column: 1 },
    });
  }
  return { status: 'ok', text, bytes, sha256: digest, realPath, notes };

  /** A whole-file failure: line 1 where the file has lines to point at, else none (a directory, a broken link). */
  function failed(message: string, code = 'unreadable', position: Position | null = null): ReadResult {
    return {
      status: 'failed',
      sha256: null,
      notes: [...notes, { severity: 'error', code, message, position }],
    };
  }
}

function describeErrno(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EACCES' || err.code === 'EPERM')
    return 'permission denied (check the file mode and owner)';
  if (err.code === 'ELOOP') return 'too many levels of symlinks';
  return err.message;
}

/** Offset of the first byte that is not part of valid UTF-8, or null. */
function firstInvalidUtf8(bytes: Buffer): number | null {
  const roundTrip = Buffer.from(bytes.toString('utf8'), 'utf8');
  if (roundTrip.equals(bytes)) return null;
  const n = Math.min(roundTrip.length, bytes.length);
  let i = 0;
  while (i < n && roundTrip[i] === bytes[i]) i++;
  // The bad sequence was replaced by U+FFFD (EF BF BD), whose first bytes may equal it (a lone 0xEF at
  // the end): back to the start of that character, where the two first differ in substance.
  while (i > 0 && ((roundTrip[i] ?? 0) & 0xc0) === 0x80) i--;
  return i;
}

function bytePosition(bytes: Buffer, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: bytes.subarray(lineStart, offset).toString('utf8').length + 1 };
}
