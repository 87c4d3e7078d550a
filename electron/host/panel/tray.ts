// The tray as data: its state from the host's condition, and its menu as a plain model the
// Electron adapter renders. Tested under plain Node.
import type { DispatchRecord } from '../../../shared/dispatch.js';
import { cut, ruleLabel } from '../../../shared/rule-name.js';
import { counted } from '../util/counted.js';

export type TrayState = 'clear' | 'failing' | 'review' | 'paused';

export interface TrayInput {
  paused: boolean;
  /** Project files waiting for review in known workspaces. */
  reviewCount: number;
  /** Recent dispatches, newest first. */
  recent: readonly (Pick<
    DispatchRecord,
    'id' | 'eventId' | 'rule' | 'event' | 'outcome' | 'time' | 'dialect'
  > &
    Partial<Pick<DispatchRecord, 'handler' | 'ruleIndex'>>)[];
}

/** Paused wins (nothing runs), then review needed (guards are inert), then failing, else all clear. */
export function trayState(input: TrayInput, now = Date.now(), failWindowMs = 15 * 60_000): TrayState {
  if (input.paused) return 'paused';
  if (input.reviewCount > 0) return 'review';
  const failing = input.recent.some(
    (d) => (d.outcome === 'failed' || d.outcome === 'timeout') && now - Date.parse(d.time) < failWindowMs,
  );
  return failing ? 'failing' : 'clear';
}

export const TRAY_TOOLTIP: Record<TrayState, string> = {
  clear: 'Hookpanel: all clear',
  failing: 'Hookpanel: hooks are failing',
  review: 'Hookpanel: project hooks need review',
  paused: 'Hookpanel: all hooks paused',
};

export type TrayMenuItem =
  | { type: 'action'; id: 'open' | 'pause' | 'resume' | 'quit' | 'review'; label: string }
  | { type: 'dispatch'; label: string; eventId: string; dispatchId: string }
  | { type: 'separator' }
  | { type: 'header'; label: string };

export function trayMenu(input: TrayInput, state: TrayState, lastN = 5): TrayMenuItem[] {
  const items: TrayMenuItem[] = [{ type: 'action', id: 'open', label: 'Open Hookpanel' }];
  if (state === 'review')
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
