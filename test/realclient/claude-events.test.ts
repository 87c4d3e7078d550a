// Tier 2: Hookpanel's list of Claude Code's events is the installed binary's own. Claude Code validates
// the keys of `hooks` against one list in its settings schema and drops any other key; that list is
// read here from the pinned binary and compared with the catalog the panel and `check` use, so a
// "Claude Code has no event X" error is never said of an event it has, or the reverse.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CLAUDE_EVENTS } from '../../electron/host/dialects/claude/events.js';
import { claudeBinary } from '../helpers/claude-code.js';

const claude = claudeBinary();

/** The longest JSON array of event names that starts with PreToolUse: the schema's full list. */
function eventListIn(binary: Buffer): string[] {
  const lists = binary.toString('latin1').match(/\["PreToolUse","PostToolUse"(?:,"[A-Za-z]+")*\]/g) ?? [];
  const longest = lists.map((l) => JSON.parse(l) as string[]).sort((a, b) => b.length - a.length)[0];
  if (!longest) throw new Error(`no event list found in ${claude.path}`);
  return longest;
}

test.runIf(claude.path)("the catalog is the pinned Claude Code's own list of hook events", () => {
  const own = eventListIn(readFileSync(claude.path!));
  expect(own.length).toBeGreaterThan(20);
  expect([...CLAUDE_EVENTS.map((e) => e.name)].sort()).toEqual([...own].sort());
});
