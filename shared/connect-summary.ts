// Connect and disconnect in a person's words, before any diff: which file, how many hooks are added,
// brought up to date or taken out, and that nothing else in the file changes. Counted from the edit
// itself (electron/host/agents/settings-edit.ts), never read back from the diff text; the panel and
// `hookpanel connect` say it alike.
import { z } from 'zod';

export const ConnectSummarySchema = z.object({
  /** The file does not exist yet: connect creates it. */
  creates: z.boolean(),
  /** Disconnect removes the file: connect created it and nothing else is left in it. */
  removesFile: z.boolean(),
  /** Events that get a new bridge hook, that have theirs rewritten, kept as they are, or taken out. */
  added: z.array(z.string()),
  updated: z.array(z.string()),
  kept: z.array(z.string()),
  removed: z.array(z.string()),
  /** Disconnect also takes out the empty `hooks` key connect had added. */
  removesHooksKey: z.boolean(),
});
export type ConnectSummary = z.infer<typeof ConnectSummarySchema>;

const hooks = (n: number) => (n === 1 ? '1 hook' : `${n} hooks`);
/** "1 hook that sends", "9 hooks that send". */
const sending = (n: number) => `${hooks(n)} that ${n === 1 ? 'sends' : 'send'} events to Hookpanel`;

/**
 * The summary as short clauses, the file first: "creates ~/.claude/settings.json", "adds 9 hooks that
 * send events to Hookpanel (SessionStart, …)", "nothing else in the file changes". `file` is the path
 * as the reader should see it.
 */
export function summaryClauses(s: ConnectSummary, file: string): string[] {
  const out: string[] = [];
  if (s.creates) out.push(`creates ${file}`);
  else if (s.removesFile) out.push(`removes ${file}, which connecting had created`);
  else out.push(`changes ${file}`);
  if (s.added.length) out.push(`adds ${sending(s.added.length)} (${s.added.join(', ')})`);
  if (s.updated.length)
    out.push(
      `points ${hooks(s.updated.length)} already sending events to Hookpanel at this installation of it (${s.updated.join(', ')})`,
    );
  if (s.removed.length) out.push(`takes out the ${sending(s.removed.length)} (${s.removed.join(', ')})`);
  if (s.removesHooksKey && !s.removesFile)
    out.push('takes out the empty "hooks" section connecting had added');
  if (s.kept.length && (s.added.length || s.updated.length))
    out.push(`keeps the ${hooks(s.kept.length)} already there`);
  if (!s.removesFile)
    out.push(s.creates ? 'nothing else is in the file' : 'nothing else in the file changes');
  return out;
}

/** The summary as one sentence: "Creates ~/.claude/settings.json; adds 9 hooks …; nothing else …". */
export function summarySentence(s: ConnectSummary, file: string): string {
  const text = summaryClauses(s, file).join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
