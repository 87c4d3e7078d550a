// What a waiting permission request would do, for the card: Trust review's risk flags applied to the
// command or file it asks about, and for Write and Edit the file and what would be written (its
// content, or the change as a diff against the file as it is now).
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { structuredPatch } from 'diff';
import type { FileChange, RequestRisk, WaitingRequest } from '../../../shared/permissions.js';
import { RISKS } from '../trust/review-patterns.js';
import { isOutside, shellRisks, type RiskContext } from '../trust/review-risks.js';

/** Shown on the card: longer content is cut (the card says so). */
const SHOWN_CHARS = 64 * 1024;
/** A file larger than this is not read to diff against. */
const READ_BYTES = 1024 * 1024;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const FILE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** Trust review's flags on what the request would run or write. */
function requestRisks(tool: string | null, input: Record<string, unknown>, ctx: RiskContext): RequestRisk[] {
  const command = text(input.command);
  if (command?.trim()) return shellRisks(command, ctx);
  const path = text(input.file_path) ?? text(input.notebook_path);
  if (!path || !FILE_TOOLS.has(tool ?? '')) return [];
  // What a file holds is not run by writing it: only where it goes is flagged.
  return isOutside(path, ctx) ? [{ kind: 'writes-outside', ...RISKS['writes-outside'], because: path }] : [];
}

function editsOf(input: Record<string, unknown>): { old: string; new: string; all: boolean }[] {
  const list = Array.isArray(input.edits) ? (input.edits as Record<string, unknown>[]) : [input];
  return list.flatMap((e) => {
    const o = text(e?.old_string);
    const n = text(e?.new_string);
    return o !== null && n !== null ? [{ old: o, new: n, all: e.replace_all === true }] : [];
  });
}

/** Write, Edit, MultiEdit: the file and what would be written; null for any other tool. */
async function requestChange(
  tool: string | null,
  input: Record<string, unknown>,
  workspace: string | null,
): Promise<FileChange | null> {
  const path = text(input.file_path);
  if (!path || !tool || !['Write', 'Edit', 'MultiEdit'].includes(tool)) return null;
  const full = isAbsolute(path) || !workspace ? path : resolve(workspace, path);
  const current = await readSmall(full);
  if (tool === 'Write') {
    const content = text(input.content) ?? '';
    if (current === null) {
      const truncated = content.length > SHOWN_CHARS;
      const exists = await stat(full).then(
        () => true,
        () => false,
      );
      return {
        path,
        kind: exists ? 'replace' : 'create',
        content: truncated ? content.slice(0, SHOWN_CHARS) : content,
        diff: null,
        truncated,
        note: exists ? 'the file as it is now could not be read here, so this is what it would hold' : null,
      };
    }
    return { path, kind: 'replace', content: null, ...hunks(current, content), note: null };
  }
  const edits = editsOf(input);
  if (!edits.length) return null;
  let after = current;
  for (const e of edits) {
    if (after === null || !after.includes(e.old)) {
      after = null;
      break;
    }
    after = e.all ? after.split(e.old).join(e.new) : after.replace(e.old, () => e.new);
  }
  if (current !== null && after !== null)
    return { path, kind: 'edit', content: null, ...hunks(current, after), note: null };
  // The file cannot be read, or no longer holds the text: the edit itself, old against new.
  const old = edits.map((e) => e.old).join('\n…\n');
  const replacement = edits.map((e) => e.new).join('\n…\n');
  return {
    path,
    kind: 'edit',
    content: null,
    ...hunks(old, replacement),
    note:
      current === null
        ? 'the file could not be read here, so this is the edit alone'
        : 'the file no longer holds the text to replace, so this is the edit alone',
  };
}

function hunks(before: string, after: string): { diff: string; truncated: boolean } {
  const patch = structuredPatch('a', 'b', before, after, '', '', { context: 3 });
  const lines = patch.hunks.flatMap((h) => [
    `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
    ...h.lines,
  ]);
  let diff = lines.join('\n');
  const truncated = diff.length > SHOWN_CHARS;
  if (truncated) diff = diff.slice(0, SHOWN_CHARS);
  return { diff, truncated };
}

async function readSmall(path: string): Promise<string | null> {
  try {
    const s = await stat(path);
    if (!s.isFile() || s.size > READ_BYTES) return null;
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** The flags and the file change of a request (`input`: the tool's input), for its card; never fails. */
export async function whatItWouldDo(
  request: Pick<WaitingRequest, 'tool' | 'workspace'>,
  input: Record<string, unknown>,
  home: string,
): Promise<Pick<WaitingRequest, 'risks' | 'change'>> {
  try {
    const risks = requestRisks(request.tool, input, { workspace: request.workspace, home });
    const change = await requestChange(request.tool, input, request.workspace);
    return { risks, ...(change && { change }) };
  } catch {
    return {};
  }
}
