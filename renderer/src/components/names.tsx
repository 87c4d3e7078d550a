// How the panel names things for people: rules by what they do (shared/rule-name.ts), agents by their
// label, files with the home folder as ~ and cut in the middle, so the file name always shows.
import { useEffect, useState } from 'react';
import { DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import type { Handler, Rule } from '../../../shared/model.js';
import { ASK_ME_SOURCE } from '../../../shared/ask-me-source.js';
import { ruleLabel, shortCommand, tildePath } from '../../../shared/rule-name.js';
import { useStore } from '../store.js';

const LABELS = new Map<string, string>(DIALECT_MANIFESTS.map((m) => [m.id, m.label]));

/** An agent or harness as people call it ("Claude Code"), for a dialect id. */
export function agentLabel(id: string): string {
  return LABELS.get(id) ?? id;
}

/** The home folder as ~. */
/** Where a file sits, in words: Hookpanel's own hosted files are said as such, not as "hosted". */
export function layerLabel(layer: string): string {
  return layer === 'hosted' ? 'in Hookpanel' : layer;
}

export function useTilde(): (path: string) => string {
  const home = useStore((s) => s.info?.userHome ?? null);
  return (path) => tildePath(path, home);
}

/**
 * A path cut in the middle when it does not fit: the start gives way first, so the file name and the
 * folder it is in stay; the whole path is on hover.
 */
export function PathText({ path, className = '' }: { path: string; className?: string }) {
  const tilde = useTilde();
  const shown = tilde(path);
  const sep = shown.includes('/') ? '/' : '\\';
  const parts = shown.split(sep);
  const tailFrom = Math.max(1, parts.length - 2);
  const head = parts.slice(0, tailFrom).join(sep) + (parts.length > 1 ? sep : '');
  const tail = parts.slice(tailFrom).join(sep);
  return (
    <code className={`path-text ${className}`} title={path}>
      {parts.length > 1 && <span className="path-head">{head}</span>}
      <span className="path-tail">
        {/* Its box is right-to-left (so it is cut at its start); the text inside stays left-to-right. */}
        <span className="path-ltr">{parts.length > 1 ? tail : shown}</span>
      </span>
    </code>
  );
}

/** A rule by what it does, with its place in its file as detail (and its file, where rules mix). */
export function RuleName({
  name,
  handler,
  index,
  source,
  detail = true,
  cut,
}: {
  name: string;
  handler: Handler | string;
  index?: number | null;
  source?: string | null;
  detail?: boolean;
  /** Where a narrow place cuts a command: in the middle keeps its end, where two commands often differ. */
  cut?: 'middle';
}) {
  const l = ruleLabel({ name, handler, index });
  const title = cut === 'middle' && !l.named ? cutMiddle(shortCommand(l.command, Infinity), 24) : l.title;
  const tilde = useTilde();
  if (source === ASK_ME_SOURCE)
    return (
      <span className="rule-name" title="Your answer to the agent's permission request (Ask me)">
        <span className="rule-title">{name}</span>
        {detail && <span className="rule-pos muted">your answer</span>}
      </span>
    );
  const file = source ? basename(source) : null;
  return (
    <span className="rule-name" title={[l.command, source ? tilde(source) : null].filter(Boolean).join('\n')}>
      <span className={l.named ? 'rule-title' : 'rule-title cmd'}>{title}</span>
      {detail && (l.position || file) ? (
        <span className="rule-pos muted">
          {[l.position, file ? `in ${file}` : null].filter(Boolean).join(' ')}
        </span>
      ) : null}
    </span>
  );
}

/** Text cut to `max` characters in its middle: its start and its end both kept. */
function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = Math.floor((max - 1) / 2);
  return `${text.slice(0, max - 1 - end).trimEnd()}…${text.slice(text.length - end).trimStart()}`;
}

export function basename(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** A rule of the files loaded now, by its file and recorded name (to name what history records by what it runs). */
export function useRuleOf(): (source: string, name: string) => Rule | undefined {
  const sources = useStore((s) => s.sources);
  return (source, name) => sources.find((s) => s.path === source)?.rules.find((r) => r.name === name);
}

/** One timer per period, shared by every component showing a relative time: one commit per tick. */
const clocks = new Map<
  number,
  { listeners: Set<(now: number) => void>; timer: ReturnType<typeof setInterval> }
>();

function onTick(everyMs: number, listener: (now: number) => void): () => void {
  let clock = clocks.get(everyMs);
  if (!clock) {
    const listeners = new Set<(now: number) => void>();
    const timer = setInterval(() => {
      const now = Date.now();
      for (const l of listeners) l(now);
    }, everyMs);
    clocks.set(everyMs, (clock = { listeners, timer }));
  }
  const { listeners, timer } = clock;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearInterval(timer);
    clocks.delete(everyMs);
  };
}

/** Now, again every `everyMs`: for "2 min ago" and the like. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => onTick(everyMs, setNow), [everyMs]);
  return now;
}

export function ago(time: string | number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - (typeof time === 'number' ? time : Date.parse(time))) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `on ${new Date(time).toLocaleDateString()}`;
}

/** What a rule's error policy means, in plain words (the file's own term stays beside it). */
export function errorPolicyText(policy: string): string {
  const plain: Record<string, string> = {
    'fail-open': 'the action goes ahead',
    'fail-closed': 'the action is blocked',
    continue: 'the turn goes on',
    cancel: 'the turn is cancelled',
    refuse: 'the action is refused',
    block: 'the action is blocked',
    warn: 'a warning is shown and the action goes ahead',
    ignore: 'nothing happens; the action goes ahead',
    record: 'the failure is recorded; nothing else happens',
  };
  const words = plain[policy];
  return words ? `If the hook fails, ${words}` : policy;
}
