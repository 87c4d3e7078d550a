// Whether an agent's events arrive after Connect, for any agent in the list.
import { describe, expect, test } from 'vitest';
import { agentLive, bridgeCommand, NOT_ARRIVING_MS } from '../../shared/agent-live.js';
import { makeEnv } from '../helpers/env.js';

const T = Date.parse('2026-11-30T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const own = { kind: 'own' as const, connected: true };

describe('agentLive', () => {
  test('connected: waiting, then not arriving once the wait is over; live once an event comes', () => {
    const connectedAt = iso(T);
    expect(agentLive({ ...own, connectedAt, lastEventAt: null }, T + 1000)).toEqual({
      state: 'waiting',
      since: connectedAt,
    });
    expect(agentLive({ ...own, connectedAt, lastEventAt: null }, T + NOT_ARRIVING_MS)).toEqual({
      state: 'not-arriving',
      since: connectedAt,
    });
    // An event from before the connect is not the agent calling the bridge.
    expect(agentLive({ ...own, connectedAt, lastEventAt: iso(T - 60_000) }, T + NOT_ARRIVING_MS).state).toBe(
      'not-arriving',
    );
    expect(agentLive({ ...own, connectedAt, lastEventAt: iso(T + 5000) }, T + NOT_ARRIVING_MS)).toEqual({
      state: 'live',
      lastEventAt: iso(T + 5000),
    });
  });

  test('connected at a time not known: waiting until the first event, never "not arriving"', () => {
    expect(agentLive({ ...own, lastEventAt: null }, T + 10 * NOT_ARRIVING_MS)).toEqual({
      state: 'waiting',
      since: null,
    });
    expect(agentLive({ ...own, connectedAt: null, lastEventAt: iso(T) }, T).state).toBe('live');
  });

  test('not connected: never live, even while events arrive', () => {
    expect(agentLive({ kind: 'own', connected: false, lastEventAt: null }).state).toBe('unconnected');
    expect(agentLive({ kind: 'own', connected: false, lastEventAt: iso(T) })).toEqual({
      state: 'unconnected-events',
      lastEventAt: iso(T),
    });
  });

  test('guarded and not connected: its events come through guarded mode, so never "not connected"', () => {
    const guarded = { kind: 'own' as const, connected: false, guarded: true };
    expect(agentLive({ ...guarded, lastEventAt: null }, T + 10 * NOT_ARRIVING_MS)).toEqual({
      state: 'waiting',
      since: null,
    });
    expect(agentLive({ ...guarded, lastEventAt: iso(T) }, T)).toEqual({ state: 'live', lastEventAt: iso(T) });
  });

  test('a harness Hookpanel hosts: live with events, else no events yet', () => {
    expect(agentLive({ kind: 'hosted', connected: true, lastEventAt: iso(T) }).state).toBe('live');
    expect(agentLive({ kind: 'hosted', connected: true, lastEventAt: null }).state).toBe('no-events');
  });
});

test("bridgeCommand finds the bridge in the agent's own settings file, however the program is spelled", async () => {
  const env = makeEnv();
  try {
    const path = env.write(
      '~/.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'npx prettier --check' }] }],
          SessionStart: [
            { hooks: [{ type: 'command', command: "'/opt/hp/bin/hookpanel' emit claude SessionStart" }] },
          ],
          Stop: [{ hooks: [{ type: 'command', command: "'/opt/hp/bin/hookpanel' emit claude Stop" }] }],
        },
      }),
    );
    const sources = await env.load();
    // Stop does nothing of its own: the one to try by hand.
    expect(bridgeCommand({ id: 'claude', files: [path] }, sources)).toBe(
      "'/opt/hp/bin/hookpanel' emit claude Stop",
    );
    expect(bridgeCommand({ id: 'claude', files: ['/elsewhere.json'] }, sources)).toBeNull();
    env.write('~/.claude/settings.json', JSON.stringify({ hooks: {} }));
    expect(bridgeCommand({ id: 'claude', files: [path] }, await env.load())).toBeNull();
  } finally {
    await env.cleanup();
  }
});
