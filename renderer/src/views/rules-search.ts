// Rules search: every word must be found in the rule or its file; a hit says where it matched.
import type { Rule, Source } from '../../../shared/model.js';
import { describeHandler } from '../../../shared/rule-name.js';
import { agentLabel } from '../components/names.js';

export type MatchField = 'name' | 'command' | 'event' | 'matcher' | 'file' | 'agent';

export const FIELD_WORDS: Record<MatchField, string> = {
  name: 'name',
  command: 'command',
  event: 'event',
  matcher: 'matcher',
  file: 'file',
  agent: 'agent',
};

/** The words of a query, lower case. */
export function words(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Where each word was found (the fields, in a fixed order), or null when some word is nowhere. */
export function matchRule(rule: Rule, source: Source, ws: readonly string[]): MatchField[] | null {
  if (!ws.length) return [];
  // A rule without a name of its own is titled by its command: a hit there is in its command.
  const fields: [MatchField, string][] = [
    ['name', rule.name],
    ['command', `${describeHandler(rule.handler)} ${JSON.stringify(rule.handler)}`],
    ['event', rule.events.join(' ')],
    ['matcher', rule.matcher ?? ''],
    ['file', source.path],
    ['agent', `${source.dialect} ${agentLabel(source.dialect)}`],
  ];
  const found = new Set<MatchField>();
  for (const w of ws) {
    const where = fields.filter(([, text]) => text.toLowerCase().includes(w));
    if (!where.length) return null;
    // A word in the file's path or agent matches every rule of it: say so only when nothing closer did.
    const close = where.filter(([f]) => f !== 'file' && f !== 'agent');
    for (const [f] of close.length ? close : where) found.add(f);
  }
  return (Object.keys(FIELD_WORDS) as MatchField[]).filter((f) => found.has(f));
}
