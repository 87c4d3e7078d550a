// What the tray and the notifications decide, under plain Node.
import { describe, expect, test } from 'vitest';
import type { EngineSignal } from '../../shared/dispatch.js';
import {
  NotificationCenter,
  COLLAPSE_WINDOW_MS,
  notificationFor,
} from '../../electron/host/panel/notifications.js';
import { trayMenu, trayState, trayTooltip } from '../../electron/host/panel/tray.js';
import { discBitmap } from '../../electron/app/icons.js';

const all = { turnDone: true, blocked: true, hookFailed: true, reviewNeeded: true };
const turnDone: EngineSignal = {
  kind: 'turnDone',
  dialect: 'claude',
  workspace: '/home/u/projects/shop',
  eventId: 'e1',
  agent: 'Claude Code',
};
const blocked: EngineSignal = {
  kind: 'blocked',
  dialect: 'pw',
  workspace: '/w',
  eventId: 'e2',
  rule: 'PreToolUse[0].hooks[0]',
  reason: 'no rm -rf',
  dispatchId: 'd2',
  handler: `grep -q 'rm -rf' && exit 2`,
  source: '/home/u/.config/pw/code.json',
};
const failed: EngineSignal = {
  kind: 'hookFailed',
  dialect: 'chrys',
  workspace: '/w',
  eventId: 'e3',
  dispatchId: 'd3',
  rule: 'lint',
  outcome: 'timeout',
  reason: 'timed out after 30000 ms',
};
const review: EngineSignal = {
  kind: 'reviewNeeded',
  dialect: 'claude',
  workspace: '/w/app',
  eventId: 'e4',
  paths: ['/w/app/.claude/settings.json'],
};

describe('notifications', () => {
  test('each kind names what a person needs: workspace and agent, rule and reason, review target', () => {
    const c = new NotificationCenter(() => all);
    expect(c.accept(turnDone)).toMatchObject({
      kind: 'turnDone',
      title: 'Claude Code finished a turn',
      body: 'in shop',
      target: { view: 'history', eventId: 'e1' },
    });
    // Named by what it does, with its place in its file after; a click opens the dispatch that blocked.
    expect(c.accept(blocked)).toMatchObject({
      title: `Blocked by grep -q 'rm -rf' && exit 2`,
      body: 'no rm -rf · PreToolUse[0].hooks[0] in code.json',
      target: { view: 'history', eventId: 'e2', dispatchId: 'd2' },
    });
    // From an agent on another machine: the machine says where (its workspace is a folder there).
    expect(notificationFor({ ...turnDone, workspace: null, machine: 'me@devbox' })).toMatchObject({
      title: 'Claude Code finished a turn',
      body: 'on me@devbox',
    });
    expect(notificationFor({ ...blocked, machine: 'me@devbox' })).toMatchObject({
      title: `Blocked by grep -q 'rm -rf' && exit 2 on me@devbox`,
    });
    // A rule with its own name keeps it.
    expect(c.accept(failed)).toMatchObject({
      title: 'lint timed out',
      target: { view: 'history', dispatchId: 'd3' },
    });
    // From an older engine: no handler, so the recorded name it is.
    expect(
      notificationFor({ ...blocked, handler: undefined, source: undefined, dispatchId: undefined }),
    ).toMatchObject({
      title: 'Blocked by PreToolUse[0].hooks[0]',
      target: { dispatchId: null },
    });
    expect(c.accept(review)).toMatchObject({
      title: 'Project hooks wait for your review',
      target: { view: 'review', path: '/w/app/.claude/settings.json' },
    });
  });

  test('a kind switched off is not shown', () => {
    const c = new NotificationCenter(() => ({ ...all, turnDone: false }));
    expect(c.accept(turnDone)).toBeNull();
    expect(c.list()).toEqual([]);
  });

  test('repeats within a minute collapse into one with a count; later ones start afresh', () => {
    const c = new NotificationCenter(() => all);
    const shown: number[] = [];
    c.on('show', (n) => shown.push(n.count));
    const t0 = Date.parse('2026-11-30T10:00:00Z');
    c.accept(blocked, t0);
    c.accept(blocked, t0 + 1000);
    const third = c.accept(blocked, t0 + 2000);
    expect(third?.count).toBe(3);
    expect(c.list()).toHaveLength(1);
    expect(shown).toEqual([1, 2, 3]);
    c.accept(blocked, t0 + 2000 + COLLAPSE_WINDOW_MS + 1);
    expect(c.list().map((n) => n.count)).toEqual([1, 3]);
  });
});

describe('tray', () => {
  const now = Date.parse('2026-11-30T10:00:00Z');
  const d = (outcome: string, minutesAgo: number) => ({
    id: `d${minutesAgo}`,
    eventId: 'e',
    rule: 'Stop[0].hooks[0]',
    handler: '/usr/local/bin/notify-done --loud',
    event: 'Stop',
    dialect: 'pw' as const,
    outcome: outcome as 'ok',
    time: new Date(now - minutesAgo * 60e3).toISOString(),
  });

  test('state: paused wins, then review needed, then recent failures, else all clear', () => {
    expect(trayState({ paused: true, reviewCount: 2, recent: [d('failed', 1)] }, now)).toBe('paused');
    expect(trayState({ paused: false, reviewCount: 2, recent: [d('failed', 1)] }, now)).toBe('review');
    expect(trayState({ paused: false, reviewCount: 0, recent: [d('timeout', 1)] }, now)).toBe('failing');
    expect(trayState({ paused: false, reviewCount: 0, recent: [d('failed', 60)] }, now)).toBe('clear');
    expect(trayState({ paused: false, reviewCount: 0, recent: [d('ok', 1)] }, now)).toBe('clear');
  });

  test('menu: open, last dispatches leading to them, pause or resume, quit', () => {
    const input = { paused: false, reviewCount: 1, recent: [d('blocked', 1), d('ok', 2)] };
    const menu = trayMenu(input, trayState(input, now));
    expect(
      menu.map((m) => (m.type === 'action' || m.type === 'dispatch' || m.type === 'header' ? m.label : '—')),
    ).toEqual([
      'Open Hookpanel',
      'Review 1 project file…',
      '—',
      'Last dispatches',
      '⛔ notify-done --loud · Stop (blocked)',
      '✓ notify-done --loud · Stop (ok)',
      '—',
      'Pause all hooks',
      'Quit Hookpanel',
    ]);
    expect(menu.find((m) => m.type === 'dispatch')).toMatchObject({ eventId: 'e', dispatchId: 'd1' });
    expect(
      trayMenu({ ...input, paused: true }, 'paused').some((m) => m.type === 'action' && m.id === 'resume'),
    ).toBe(true);
  });

  test('waiting requests: the state, the tooltip with their count, and the menu item that answers them', () => {
    const none = { paused: false, reviewCount: 1, recent: [d('failed', 1)], waitingCount: 0 };
    expect(trayState(none, now)).toBe('review');
    expect(trayTooltip(none, 'review')).toBe('Hookpanel: project hooks need review');
    const two = { ...none, waitingCount: 2 };
    expect(trayState(two, now)).toBe('waiting');
    expect(trayState({ ...two, paused: true }, now)).toBe('waiting');
    expect(trayTooltip(two, 'waiting')).toBe('Hookpanel: 2 requests wait for your answer');
    expect(trayTooltip({ ...two, waitingCount: 1 }, 'waiting')).toBe(
      'Hookpanel: a request waits for your answer',
    );
    const labels = (input: typeof two) =>
      trayMenu(input, trayState(input, now)).flatMap((m) =>
        m.type === 'action' ? [`${m.id}: ${m.label}`] : [],
      );
    expect(labels(two)).toEqual([
      'open: Open Hookpanel',
      'requests: Answer 2 waiting requests…',
      'review: Review 1 project file…',
      'pause: Pause all hooks',
      'quit: Quit Hookpanel',
    ]);
    expect(labels({ ...two, waitingCount: 1 })[1]).toBe('requests: Answer the waiting request…');
    expect(labels(none).some((l) => l.startsWith('requests'))).toBe(false);
    // Paused with a request waiting: the request is offered, review is not (as when paused alone).
    expect(labels({ ...two, paused: true })).toEqual([
      'open: Open Hookpanel',
      'requests: Answer 2 waiting requests…',
      'resume: Resume hooks',
      'quit: Quit Hookpanel',
    ]);
  });

  test('icons are drawn as discs in the state colour', () => {
    const px = discBitmap(16, [10, 20, 30]);
    expect(px.length).toBe(16 * 16 * 4);
    const centre = (8 * 16 + 8) * 4;
    expect([...px.subarray(centre, centre + 4)]).toEqual([30, 20, 10, 255]);
    expect(px[3]).toBe(0);
  });
});

describe('IPC sender check', () => {
  test("only our window's main frame at our own origin may call", async () => {
    const { isTrustedSender } = await import('../../electron/app/sender.js');
    const mainFrame = { url: 'file:///opt/hookpanel/resources/app.asar/dist/renderer/index.html' };
    const webContents = { mainFrame };
    const win = { webContents };
    expect(isTrustedSender({ sender: webContents, senderFrame: mainFrame }, win, 'file://')).toBe(true);
    expect(
      isTrustedSender({ sender: webContents, senderFrame: { url: mainFrame.url } }, win, 'file://'),
    ).toBe(false);
    expect(isTrustedSender({ sender: {}, senderFrame: mainFrame }, win, 'file://')).toBe(false);
    expect(isTrustedSender({ sender: webContents, senderFrame: null }, win, 'file://')).toBe(false);
    const remote = { url: 'https://evil.example/' };
    const hijacked = { webContents: { mainFrame: remote } };
    expect(isTrustedSender({ sender: hijacked.webContents, senderFrame: remote }, hijacked, 'file://')).toBe(
      false,
    );
    expect(isTrustedSender({ sender: webContents, senderFrame: mainFrame }, null, 'file://')).toBe(false);
  });
});
