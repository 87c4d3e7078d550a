// The trustedFolders.json of Gemini CLI and of Qwen Code (a fork of it): a map of folder to
// TRUST_FOLDER, TRUST_PARENT (the folder's parent is trusted) or DO_NOT_TRUST; the longest matching
// rule decides, and no rule means untrusted (docs/agents/gemini.md, "Trust through Gemini's own files";
// docs/agents/qwen.md, "Whether Qwen Code runs a hook"). Where the two differ, TrustedFoldersReading says.
import { readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { isPlainObject } from '../util/plain-object.js';

/** Whether the agent trusts a folder (null: cannot be told), and why, in words. */
export type FolderTrust =
  { trusted: true; why: string } | { trusted: false; why: string } | { trusted: null; why: string };

/** How an agent reads its trustedFolders.json, where Gemini CLI and Qwen Code differ. */
export interface TrustedFoldersReading {
  /** What "longest" measures: the rule as written (Gemini CLI) or the folder it trusts (Qwen Code). */
  longest: 'rule' | 'trusted folder';
  /** A level other than the three: no verdict (Gemini CLI) or trusted, as not DO_NOT_TRUST (Qwen Code). */
  otherLevel: 'unknown' | 'trusted';
}

/** The verdict of the trustedFolders.json at `path` on `folder`. */
export function trustedFoldersVerdict(
  path: string,
  folder: string,
  reading: TrustedFoldersReading,
): FolderTrust {
  let rules: Record<string, unknown>;
  try {
    const errors: ParseError[] = [];
    // Comments allowed, trailing commas not: both agents strip comments, then JSON.parse.
    const parsed = parseJsonc(readFileSync(path, 'utf8'), errors, { allowTrailingComma: false });
    if (errors.length || !isPlainObject(parsed)) return { trusted: null, why: `${path} does not parse` };
    rules = parsed;
  } catch {
    return { trusted: false, why: `no rule for ${folder} (${path} does not exist)` };
  }
  let best: { length: number; level: unknown; rule: string } | null = null;
  for (const [rule, level] of Object.entries(rules)) {
    const effective = level === 'TRUST_PARENT' ? dirname(rule) : rule;
    const inside =
      folder === effective || folder.startsWith(effective.endsWith(sep) ? effective : effective + sep);
    const length = reading.longest === 'rule' ? rule.length : effective.length;
    if (inside && (!best || length > best.length)) best = { length, level, rule };
  }
  if (!best) return { trusted: false, why: `no rule for ${folder} in ${path}` };
  if (best.level === 'DO_NOT_TRUST')
    return { trusted: false, why: `${path} marks ${best.rule} DO_NOT_TRUST` };
  if (reading.otherLevel === 'trusted' || best.level === 'TRUST_FOLDER' || best.level === 'TRUST_PARENT')
    return { trusted: true, why: `${path} marks ${best.rule} ${String(best.level)}` };
  return { trusted: null, why: `${path} has an invalid trust level for ${best.rule}` };
}
