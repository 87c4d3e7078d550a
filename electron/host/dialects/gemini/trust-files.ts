// Hookpanel's edits of Gemini CLI's own trust, in Gemini's own files: a TRUST_FOLDER rule in its
// trusted-folders file, and hook names in `hooksConfig.disabled` of the user's settings.json. Each
// edit is remembered in Hookpanel's home (gemini-trust.json), so taking it back removes exactly what
// Hookpanel added and nothing a person wrote. The files are edited as text (comments, other keys and
// layout kept), backed up first, written atomically, and the trusted-folders file under Gemini's own
// lock (its trust dialog takes the same one).
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  findNodeAtLocation,
  getNodeValue,
  modify,
  parseTree,
  applyEdits,
  type ParseError,
} from 'jsonc-parser';
import { z } from 'zod';
import { writeTarget } from '../../agents/agents.js';
import { insertInto, isEmptyObject, removeNode } from '../../agents/settings-edit.js';
import { homePaths, type HostEnv } from '../../paths.js';
import { writeFileAtomic } from '../../util/atomic.js';
import { geminiDir } from './index.js';

/** A hook Hookpanel switched off in Gemini, and why. */
const DisabledSchema = z.object({
  /** The name Gemini knows it by (its `name`, else its `command`). */
  name: z.string(),
  /** The project hook file it is in, and that file's workspace. */
  file: z.string(),
  workspace: z.string(),
  /** `changed`: it (or a script it runs) changed since reviewed; `blocked`: the file was untrusted. */
  why: z.enum(['changed', 'blocked']),
});
export type GeminiDisabled = z.infer<typeof DisabledSchema>;

const RecordSchema = z.object({
  /** Folders Hookpanel trusts in Gemini: the level it replaced (null: none), whether Hookpanel made the file. */
  folders: z
    .record(z.string(), z.object({ previous: z.string().nullable(), created: z.boolean() }))
    .default({}),
  disabled: z.array(DisabledSchema).default([]),
  /** Keys of the user's settings.json Hookpanel created, to take out again once empty. */
  createdKeys: z.object({ hooksConfig: z.boolean(), disabled: z.boolean() }).nullable().default(null),
});
type GeminiRecord = z.infer<typeof RecordSchema>;

/**
 * What edits of Gemini's files came to: their result, or why Hookpanel refused one (a file it cannot
 * read or edit safely, a lock).
 */
export type GeminiEdited<T> = { kind: 'edited'; value: T } | { kind: 'refused'; message: string };

/**
 * Raised deep in an edit (a parse, a lock, a write) and turned into a `refused` outcome by `geminiEdits`
 * alone: it never leaves this file, so no caller branches on an error class.
 */
class EditRefused extends Error {}

/**
 * Runs edits of Gemini's files (the functions below) as one step: what they did, or why Hookpanel
 * refused one, nothing written by that one. Other errors are Hookpanel's own failures and propagate.
 */
export async function geminiEdits<T>(edits: () => Promise<T>): Promise<GeminiEdited<T>> {
  try {
    return { kind: 'edited', value: await edits() };
  } catch (e) {
    if (e instanceof EditRefused) return { kind: 'refused', message: e.message };
    throw e;
  }
}

/** Gemini's trusted-folders file: GEMINI_CLI_TRUSTED_FOLDERS_PATH, else trustedFolders.json in its home. */
export function trustedFoldersPath(host: HostEnv): string {
  return host.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(geminiDir(host), 'trustedFolders.json');
}

export function geminiUserSettingsPath(host: HostEnv): string {
  return join(geminiDir(host), 'settings.json');
}

const recordPath = (host: HostEnv) => join(homePaths(host).root, 'gemini-trust.json');

export async function readRecord(host: HostEnv): Promise<GeminiRecord> {
  const text = await readFile(recordPath(host), 'utf8').catch(() => null);
  if (text === null) return RecordSchema.parse({});
  try {
    return RecordSchema.parse(JSON.parse(text));
  } catch (e) {
    throw new EditRefused(`${recordPath(host)} does not parse (${(e as Error).message}); fix or remove it`);
  }
}

async function writeRecord(host: HostEnv, record: GeminiRecord): Promise<void> {
  await writeFileAtomic(recordPath(host), `${JSON.stringify(record, null, 2)}\n`);
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EditRefused(`${path} cannot be read: ${(e as Error).message}`);
  }
}

/** Gemini reads both files as JSON with comments and no trailing commas: anything else is not edited. */
function tree(path: string, text: string) {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: false, allowTrailingComma: false });
  if (errors.length || root?.type !== 'object') {
    const line = errors[0] ? text.slice(0, errors[0].offset).split('\n').length : null;
    throw new EditRefused(
      `${path}${line ? `:${line}` : ''} is not a JSON object Hookpanel can edit safely; fix it first, nothing was written`,
    );
  }
  return root;
}

/** Backs the file up into Hookpanel's home, then writes it atomically, keeping its mode and owner. */
async function save(host: HostEnv, path: string, before: string | null, after: string): Promise<void> {
  let target;
  try {
    target = await writeTarget(path);
  } catch (e) {
    throw new EditRefused((e as Error).message);
  }
  if (before !== null) {
    const dir = join(homePaths(host).root, 'backups');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const time = new Date().toISOString().replace(/[:.]/g, '-');
    await copyFile(target.file, join(dir, `gemini-${basename(path)}.${time}.bak`));
  }
  const was = target.stat;
  await writeFileAtomic(
    target.file,
    after,
    was ? was.mode & 0o777 : 0o600,
    was ? { uid: was.uid, gid: was.gid } : undefined,
  );
}

/** Runs `edit` on the trusted-folders file under the lock Gemini's trust dialog takes too. */
async function withFoldersFile<T>(host: HostEnv, edit: (path: string) => Promise<T>): Promise<T> {
  const path = trustedFoldersPath(host);
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  // Loaded here, not with the dialect: it brings graceful-fs, which every command that loads the
  // dialects (check, trust, serve) paid for at start, 20–45 ms, to lock a file only a trust edit locks.
  // Outside the try: a library that cannot load is not a lock another program holds.
  const { lock } = await import('proper-lockfile');
  let release: () => Promise<void>;
  try {
    release = await lock(path, { realpath: false, retries: { retries: 10, minTimeout: 100 } });
  } catch (e) {
    throw new EditRefused(
      `${path} is locked by another program (${(e as Error).message}); nothing was written`,
    );
  }
  try {
    return await edit(path);
  } finally {
    await release();
  }
}

/**
 * Adds `"<workspace>": "TRUST_FOLDER"` (or turns this folder's own rule into it), remembering what was
 * there. Returns false when the folder already had that rule.
 */
export async function addFolderRule(host: HostEnv, workspace: string): Promise<boolean> {
  const record = await readRecord(host);
  return withFoldersFile(host, async (path) => {
    const before = await readText(path);
    let after: string;
    let previous: string | null = null;
    if (before === null || before.trim() === '') {
      after = JSON.stringify({ [workspace]: 'TRUST_FOLDER' }, null, 2);
    } else {
      const root = tree(path, before);
      const node = findNodeAtLocation(root, [workspace]);
      if (node) {
        previous = String(getNodeValue(node));
        if (previous === 'TRUST_FOLDER') return false;
        after = applyEdits(before, modify(before, [workspace], 'TRUST_FOLDER', {}));
      } else after = insertInto(before, root, workspace, 'TRUST_FOLDER');
    }
    await save(host, path, before, after);
    // Hookpanel's own earlier rule stays the one remembered: its "previous" is what the person had.
    record.folders[workspace] ??= { previous, created: before === null };
    await writeRecord(host, record);
    return true;
  });
}

/**
 * Takes back the rule Hookpanel added for the folder: the property goes (the file too, where Hookpanel
 * made it and it is empty again), or the level it replaced comes back. A rule a person changed since
 * is left as it is. Returns what happened, or null where Hookpanel had added no rule.
 */
export async function removeFolderRule(
  host: HostEnv,
  workspace: string,
): Promise<'removed' | 'restored' | 'changed-since' | null> {
  const record = await readRecord(host);
  const mine = record.folders[workspace];
  if (!mine) return null;
  const outcome = await withFoldersFile(host, async (path) => {
    const before = await readText(path);
    if (before === null) return 'changed-since' as const;
    const node = findNodeAtLocation(tree(path, before), [workspace]);
    if (!node || getNodeValue(node) !== 'TRUST_FOLDER') return 'changed-since' as const;
    if (mine.previous !== null) {
      await save(host, path, before, applyEdits(before, modify(before, [workspace], mine.previous, {})));
      return 'restored' as const;
    }
    const after = removeNode(before, node.parent!);
    if (mine.created && isEmptyObject(after)) await rm(path);
    else await save(host, path, before, after);
    return 'removed' as const;
  });
  delete record.folders[workspace];
  await writeRecord(host, record);
  return outcome;
}

/** Names in `hooksConfig.disabled` of the user's settings.json, as the file has them now. */
export async function disabledNames(host: HostEnv): Promise<string[]> {
  const path = geminiUserSettingsPath(host);
  const text = await readText(path);
  if (text === null) return [];
  const list = findNodeAtLocation(tree(path, text), ['hooksConfig', 'disabled']);
  const value = list ? getNodeValue(list) : null;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Switches hooks off in Gemini: their names appended to `hooksConfig.disabled` of the user's
 * settings.json (Gemini joins that list across its files, so a project cannot switch them back on).
 * Names already there are left, and not remembered as Hookpanel's. Returns the names added.
 */
export async function disableHooks(host: HostEnv, hooks: GeminiDisabled[]): Promise<string[]> {
  const path = geminiUserSettingsPath(host);
  const record = await readRecord(host);
  const before = await readText(path);
  let text = before === null || before.trim() === '' ? '{}\n' : before;
  const added: string[] = [];
  const created = record.createdKeys ?? { hooksConfig: false, disabled: false };
  for (const hook of hooks) {
    const root = tree(path, text);
    const config = findNodeAtLocation(root, ['hooksConfig']);
    const list = findNodeAtLocation(root, ['hooksConfig', 'disabled']);
    const names = list ? getNodeValue(list) : null;
    if (Array.isArray(names) && names.includes(hook.name)) continue;
    if (list && list.type !== 'array')
      throw new EditRefused(`${path}: hooksConfig.disabled is not a list; fix it first, nothing was written`);
    if (config && config.type !== 'object')
      throw new EditRefused(`${path}: hooksConfig is not an object; fix it first, nothing was written`);
    if (list) text = insertInto(text, list, null, hook.name);
    else if (config) {
      text = insertInto(text, config, 'disabled', [hook.name]);
      created.disabled = true;
    } else {
      text = insertInto(text, root, 'hooksConfig', { disabled: [hook.name] });
      created.hooksConfig = created.disabled = true;
    }
    added.push(hook.name);
    record.disabled.push(hook);
  }
  if (!added.length) return added;
  if (before === null) text = `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  await save(host, path, before, text);
  record.createdKeys = created;
  await writeRecord(host, record);
  return added;
}

/**
 * Switches back on the hooks Hookpanel switched off that `which` selects: each name comes out of
 * `hooksConfig.disabled` once, and the keys Hookpanel created go again once empty, so the file is
 * as it was before. Names a person took out already are only forgotten. Returns the names taken out.
 */
export async function enableHooks(host: HostEnv, which: (d: GeminiDisabled) => boolean): Promise<string[]> {
  const path = geminiUserSettingsPath(host);
  const record = await readRecord(host);
  const going = record.disabled.filter(which);
  if (!going.length) return [];
  // A name other kept entries still need stays switched off.
  const kept = record.disabled.filter((d) => !which(d));
  const before = await readText(path);
  let text = before;
  const removed: string[] = [];
  if (text !== null) {
    for (const name of new Set(going.map((d) => d.name))) {
      if (kept.some((d) => d.name === name)) continue;
      const list = findNodeAtLocation(tree(path, text), ['hooksConfig', 'disabled']);
      const item = list?.children?.find((c) => c.type === 'string' && c.value === name);
      if (!item) continue;
      text = removeNode(text, item);
      removed.push(name);
    }
    const created = record.createdKeys;
    if (created && !kept.length) {
      const root = tree(path, text);
      const list = findNodeAtLocation(root, ['hooksConfig', 'disabled']);
      if (created.disabled && list && !list.children?.length) text = removeNode(text, list.parent!);
      const config = findNodeAtLocation(tree(path, text), ['hooksConfig']);
      if (created.hooksConfig && config && !config.children?.length) text = removeNode(text, config.parent!);
      record.createdKeys = null;
    }
    if (text !== before) await save(host, path, before, text);
  }
  record.disabled = kept;
  await writeRecord(host, record);
  return removed;
}
