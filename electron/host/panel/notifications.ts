// Which notification a signal becomes, whether it is shown, how repeats collapse, and where a click
// leads. Runtime-neutral: the Electron adapter shows it natively, browser mode pushes it to the page.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { basename } from 'node:path';
import type { EngineSignal } from '../../../shared/dispatch.js';
import type { NotificationKind, PanelNotification } from '../../../shared/ipc.js';
import type { OverBudgetSignal } from '../history/budgets.js';
import { counted } from '../util/counted.js';
import { ruleLabel } from '../../../shared/rule-name.js';

export const COLLAPSE_WINDOW_MS = 60_000;
const KEEP = 200;

export function notificationFor(
  s: EngineSignal | OverBudgetSignal,
  now = Date.now(),
): Omit<PanelNotification, 'id' | 'count'> & { key: string } {
  // Another machine's workspace is a folder there: the machine is what says where.
  const machine = 'machine' in s && s.machine ? s.machine : null;
  const where = machine ? `on ${machine}` : s.workspace ? `in ${basename(s.workspace)}` : 'in no workspace';
  const time = new Date(now).toISOString();
  switch (s.kind) {
    case 'turnDone':
      return {
        kind: 'turnDone',
        key: `turnDone:${s.dialect}:${machine ?? ''}:${s.workspace}`,
        title: `${s.agent} finished a turn`,
        body: where,
        time,
        target: { view: 'history', eventId: s.eventId, dispatchId: null, path: null },
      };
    case 'blocked': {
      const rule = s.rule ? named(s.rule, s.handler ?? null, s.source ?? null) : null;
      return {
        kind: 'blocked',
        key: `blocked:${machine ?? ''}:${s.source ?? ''}#${s.rule}:${s.reason}`,
        title: `Blocked by ${rule?.title ?? 'a hook'}${machine ? ` on ${machine}` : ''}`,
        body: [s.reason ?? 'no reason given', rule?.where].filter(Boolean).join(' · '),
        time,
        target: { view: 'history', eventId: s.eventId, dispatchId: s.dispatchId ?? null, path: null },
      };
    }
    case 'hookFailed': {
      const rule = named(s.rule, s.handler ?? null, s.source ?? null);
      return {
        kind: 'hookFailed',
        key: `hookFailed:${s.source ?? ''}#${s.rule}:${s.outcome}`,
        title: `${rule.title} ${s.outcome === 'timeout' ? 'timed out' : 'failed'}`,
        body: [s.reason, rule.where].filter(Boolean).join(' · '),
        time,
        target: { view: 'history', eventId: s.eventId, dispatchId: s.dispatchId, path: null },
      };
    }
    case 'reviewNeeded':
      return {
        kind: 'reviewNeeded',
        key: `review:${s.paths.join('|')}`,
        title: 'Project hooks wait for your review',
        body: `${counted(s.paths.length, 'file')} ${where}: ${s.paths.map((p) => basename(p)).join(', ')}`,
        time,
        target: { view: 'review', eventId: s.eventId, dispatchId: null, path: s.paths[0] ?? null },
      };
    case 'overBudget':
      return {
        kind: 'overBudget',
        key: `overBudget:${s.flag.source}#${s.flag.rule}:${s.flag.event}`,
        title: s.title,
        body: s.body,
        time,
        target: { view: 'cost', eventId: null, dispatchId: null, path: s.flag.source },
      };
  }
}

export interface NotificationCenterEvents {
  /** A new notification, or a collapsed one whose count went up. */
  show: [PanelNotification, { collapsed: boolean }];
}

export class NotificationCenter extends EventEmitter<NotificationCenterEvents> {
  private readonly items: (PanelNotification & { key: string })[] = [];

  constructor(private readonly enabled: () => Partial<Record<NotificationKind, boolean>>) {
    super();
  }

  /** Turns a signal into a notification unless its kind is off; repeats within a minute collapse. */
  accept(signal: EngineSignal | OverBudgetSignal, now = Date.now()): PanelNotification | null {
    const n = notificationFor(signal, now);
    if (this.enabled()[n.kind] === false) return null;
    const recent = this.items.find((i) => i.key === n.key && now - Date.parse(i.time) < COLLAPSE_WINDOW_MS);
    if (recent) {
      recent.count++;
      recent.time = n.time;
      recent.body = n.body;
      recent.target = n.target;
      this.emit('show', strip(recent), { collapsed: true });
      return strip(recent);
    }
    const item = { ...n, id: randomUUID(), count: 1 };
    this.items.unshift(item);
    this.items.length = Math.min(this.items.length, KEEP);
    this.emit('show', strip(item), { collapsed: false });
    return strip(item);
  }

  list(): PanelNotification[] {
    return this.items.map(strip);
  }

  clear(): void {
    this.items.length = 0;
  }
}

function strip(n: PanelNotification & { key?: string }): PanelNotification {
  const { key: _key, ...rest } = n;
  return rest;
}

/** A rule as a notice names it: by what it does, with where it is (position and file) after. */
function named(
  rule: string,
  handler: string | null,
  source: string | null,
): { title: string; where: string } {
  const l = ruleLabel({ name: rule, handler: handler ?? rule });
  const where = [l.position, source ? `in ${basename(source)}` : null].filter(Boolean).join(' ');
  return { title: handler ? l.title : rule, where };
}
