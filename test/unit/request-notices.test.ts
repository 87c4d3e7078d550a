// The request notification model (shared/request-notices.ts) on synthetic lists: a new request shows,
// an answered one closes, several agents get one each, and the text names agent, tool, subject, folder.
import { describe, expect, test } from 'vitest';
import { dialectManifest } from '../../shared/dialects.js';
import type { Dialect } from '../../shared/model.js';
import type { WaitingRequest } from '../../shared/permissions.js';
import {
  planRequestNotices,
  requestIdOfTag,
  requestNotice,
  requestTag,
} from '../../shared/request-notices.js';
import { ASK_ME_AGENTS } from '../../electron/host/permissions/ask-me.js';

// The agents that send permission requests, from their manifests (no hand-written list).
const [first, second] = ASK_ME_AGENTS as Dialect[];

function request(id: string, over: Partial<WaitingRequest> = {}): WaitingRequest {
  return {
    id,
    agent: first!,
    since: '2026-11-30T10:00:00.000Z',
    deadline: '2026-11-30T10:09:50.000Z',
    tool: 'Bash',
    subject: 'git push --force origin main',
    justification: null,
    workspace: '/home/ann/projects/shop',
    sessionId: 's1',
    eventId: `e-${id}`,
    ...over,
  };
}

describe('planRequestNotices', () => {
  test('a new request shows; one already shown does not show again', () => {
    const a = request('aaa111');
    expect(planRequestNotices([], [a], true)).toEqual({ show: [requestNotice(a)], close: [] });
    expect(planRequestNotices(['aaa111'], [a], true)).toEqual({ show: [], close: [] });
  });

  test('an answered, withdrawn or expired request (gone from the list) closes; the rest stay', () => {
    const a = request('aaa111');
    const b = request('bbb222');
    expect(planRequestNotices(['aaa111', 'bbb222'], [b], true)).toEqual({ show: [], close: ['aaa111'] });
    expect(planRequestNotices(['aaa111', 'bbb222'], [], true)).toEqual({
      show: [],
      close: ['aaa111', 'bbb222'],
    });
    expect(planRequestNotices(['bbb222'], [a, b], true).show.map((n) => n.requestId)).toEqual(['aaa111']);
  });

  test('several agents: one notification per request, oldest first, each naming its agent', () => {
    const list = [
      request('aaa111', { agent: first! }),
      request('bbb222', { agent: second!, tool: 'shell' }),
      request('ccc333', { agent: first!, tool: 'Edit', subject: '/home/ann/projects/shop/a.ts' }),
    ];
    const plan = planRequestNotices([], list, true);
    expect(plan.show.map((n) => n.requestId)).toEqual(['aaa111', 'bbb222', 'ccc333']);
    expect(new Set(plan.show.map((n) => n.tag)).size).toBe(3);
    expect(plan.show.map((n) => n.title)).toEqual([
      `${dialectManifest(first!).label} asks to use Bash`,
      `${dialectManifest(second!).label} asks to use shell`,
      `${dialectManifest(first!).label} asks to use Edit`,
    ]);
  });

  test('switched off: nothing shows and what is shown closes', () => {
    const a = request('aaa111');
    const b = request('bbb222');
    expect(planRequestNotices(['aaa111'], [a, b], false)).toEqual({ show: [], close: ['aaa111'] });
    expect(planRequestNotices([], [a], false)).toEqual({ show: [], close: [] });
  });
});

describe('requestNotice', () => {
  test('title names agent and tool; body the command and the workspace folder; Allow then Deny', () => {
    const n = requestNotice(request('abc123'));
    expect(n).toEqual({
      requestId: 'abc123',
      tag: 'hookpanel-request:abc123',
      title: `${dialectManifest(first!).label} asks to use Bash`,
      body: 'git push --force origin main\nin shop',
      actions: [
        { action: 'allow', title: 'Allow' },
        { action: 'deny', title: 'Deny' },
      ],
    });
  });

  test('a request from another machine names the machine in the title (docs/remote.md)', () => {
    expect(requestNotice(request('m1', { machine: 'me@devbox', workspace: null }))).toMatchObject({
      title: `${dialectManifest(first!).label} on me@devbox asks to use Bash`,
    });
  });

  test('no tool, no subject, no workspace, a Windows path, and a long command cut with an ellipsis', () => {
    expect(requestNotice(request('x1', { tool: null, subject: null, workspace: null }))).toMatchObject({
      title: `${dialectManifest(first!).label} asks to use a tool`,
      body: 'no workspace',
    });
    expect(requestNotice(request('x2', { workspace: 'C:\\Users\\ann\\shop\\' })).body).toBe(
      'git push --force origin main\nin shop',
    );
    const long = requestNotice(request('x3', { subject: 'x'.repeat(500) })).body.split('\n')[0]!;
    expect(long).toHaveLength(180);
    expect(long.endsWith('…')).toBe(true);
  });

  test('tags round-trip to request ids; other tags are not requests', () => {
    expect(requestIdOfTag(requestTag('abc123'))).toBe('abc123');
    expect(requestIdOfTag('hookpanel-request:')).toBeNull();
    expect(requestIdOfTag('some-notification-id')).toBeNull();
  });
});
