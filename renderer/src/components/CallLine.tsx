// What an event was about, in a row: the tool and its command or file (or the prompt's first words),
// agents' text shown with its control characters visible, the words searched for marked.
import type { CallSummary } from '../../../shared/call-summary.js';
import { visibleText } from '../../../shared/visible-text.js';

/** The words of a search, as the history's full-text search takes them (queries.ts ftsQuery). */
function searchWords(query: string | undefined): string[] {
  return query?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Text with every occurrence of the search's words marked (any case). */
export function Highlight({ text, query }: { text: string; query?: string }) {
  const words = searchWords(query);
  if (!words.length) return <>{text}</>;
  const pattern = new RegExp(
    `(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'giu',
  );
  const parts = text.split(pattern);
  return <>{parts.map((p, i) => (i % 2 ? <mark key={i}>{p}</mark> : p))}</>;
}

const KIND_WORD: Record<string, string> = { prompt: 'prompt' };

/** `Bash  rm -rf build`, `Write  src/a.ts`, `prompt  fix the tests`; null when the event says nothing. */
export function CallLine({ call, query }: { call: CallSummary | undefined; query?: string }) {
  if (!call || (!call.tool && !call.subject)) return null;
  const label = call.tool ?? KIND_WORD[call.kind ?? ''] ?? null;
  return (
    <span className="call">
      {label && (
        <span className="call-tool">
          <Highlight text={visibleText(label)} query={query} />
        </span>
      )}
      {call.subject && (
        <span
          className={call.kind === 'command' || call.kind === 'path' ? 'call-subject code' : 'call-subject'}
        >
          <Highlight text={visibleText(call.subject)} query={query} />
        </span>
      )}
    </span>
  );
}
