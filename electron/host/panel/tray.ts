// The tray as data: its state from the host's condition, and its menu as a plain model the
// Electron adapter renders. Tested under plain Node.
import type { DispatchRecord } from '../../../shared/dispatch.js';
import { cut, ruleLabel } from '../../../shared/rule-name.js';
import { counted } from '../util/counted.js';

export type TrayState = 'waiting' | 'clear' | 'failing' | 'review' | 'paused';

export interface TrayInput {
  paused: boolean;
  /** Agents' permission requests waiting for a person's answer (Ask me). */
  waitingCount?: number;
  /** Project files waiting for review in known workspaces. */
  reviewCount: number;
  /** Recent dispatches, newest first. */
  recent: readonly (Pick<
    DispatchRecord,
    'id' | 'eventId' | 'rule' | 'event' | 'outcome' | 'time' | 'dialect'
  > &
    Partial<Pick<DispatchRecord, 'handler' | 'ruleIndex'>>)[];
}

/**
 * A request waiting for an answer wins (an agent is stopped until someone answers), then paused
 * (nothing runs), then review needed (guards are inert), then failing, else all clear.
 */
export function trayState(input: TrayInput, now = Date.now(), failWindowMs = 15 * 60_000): TrayState {
  if (input.waitingCount) return 'waiting';
  if (input.paused) return 'paused';
  if (input.reviewCount > 0) return 'review';
  const failing = input.recent.some(
    (d) => (d.outcome === 'failed' || d.outcome === 'timeout') && now - Date.parse(d.time) < failWindowMs,
  );
  return failing ? 'failing' : 'clear';
}

const TRAY_TOOLTIP: Record<TrayState, string> = {
  waiting: 'Hookpanel: an agent waits for your answer',
  clear: 'Hookpanel: all clear',
  failing: 'Hookpanel: hooks are failing',
  review: 'Hookpanel: project hooks need review',
  paused: 'Hookpanel: all hooks paused',
};

/** The tooltip: the state, with the number of requests waiting when there are any. */
export function trayTooltip(input: TrayInput, state: TrayState): string {
  const n = input.waitingCount ?? 0;
  if (!n) return TRAY_TOOLTIP[state];
  return `Hookpanel: ${n === 1 ? 'a request waits' : `${n} requests wait`} for your answer`;
}

export type TrayMenuItem =
  | { type: 'action'; id: 'open' | 'pause' | 'resume' | 'quit' | 'review' | 'requests'; label: string }
  | { type: 'dispatch'; label: string; eventId: string; dispatchId: string }
  | { type: 'separator' }
  | { type: 'header'; label: string };

export function trayMenu(input: TrayInput, state: TrayState, lastN = 5): TrayMenuItem[] {
  const items: TrayMenuItem[] = [{ type: 'action', id: 'open', label: 'Open Hookpanel' }];
  const waiting = input.waitingCount ?? 0;
  if (waiting)
    items.push({
      type: 'action',
      id: 'requests',
      label: `Answer ${waiting === 1 ? 'the waiting request' : `${waiting} waiting requests`}…`,
    });
  // Review is offered as before: a waiting request does not hide it (paused still does).
  if (state === 'review' || (state === 'waiting' && !input.paused && input.reviewCount > 0))
    items.push({
      type: 'action',
      id: 'review',
      label: `Review ${counted(input.reviewCount, 'project file')}…`,
    });
  items.push(
    { type: 'separator' },
    { type: 'header', label: input.recent.length ? 'Last dispatches' : 'No dispatches yet' },
  );
  for (const d of input.recent.slice(0, lastN)) {
    const mark =
      d.outcome === 'ok' ? '✓' : d.outcome === 'skipped' ? '–' : d.outcome === 'blocked' ? '⛔' : '✗';
    items.push({
      type: 'dispatch',
      label: `${mark} ${ruleTitle(d)} · ${d.event} (${d.outcome})`,
      eventId: d.eventId,
      dispatchId: d.id,
    });
  }
  items.push(
    { type: 'separator' },
    input.paused
      ? { type: 'action', id: 'resume', label: 'Resume hooks' }
      : { type: 'action', id: 'pause', label: 'Pause all hooks' },
    { type: 'action', id: 'quit', label: 'Quit Hookpanel' },
  );
  return items;
}

/** A menu line is short: the rule by what it does (its command or own name), cut to fit. */
function ruleTitle(d: TrayInput['recent'][number]): string {
  return cut(ruleLabel({ name: d.rule, handler: d.handler ?? d.rule, index: d.ruleIndex }).title, 40);
}
