// Which desktop notifications the waiting permission requests call for: one per request, shown when it
// arrives and closed when it is answered anywhere, withdrawn or expired. Pure and runtime-neutral, so
// the Electron adapter (electron/app/notify.ts) and the browser panel (renderer/src/notify/) decide
// alike; it lives in shared/ because the renderer may import nothing else (eslint).
import { DIALECT_MANIFESTS } from './dialects.js';
import type { WaitingRequest } from './permissions.js';

/** Every request notification's tag starts so: a browser finds and closes them by it. */
export const REQUEST_TAG_PREFIX = 'hookpanel-request:';

export type RequestAction = 'allow' | 'deny';

export interface RequestNotice {
  requestId: string;
  /** Stable per request: a second show replaces rather than adds, and close finds it. */
  tag: string;
  title: string;
  body: string;
  /** In this order; a platform without notification actions shows none and a click opens the card. */
  actions: { action: RequestAction; title: string }[];
}

export interface RequestNoticePlan {
  show: RequestNotice[];
  /** Request ids whose notification should go. */
  close: string[];
}

const LABELS = new Map<string, string>(DIALECT_MANIFESTS.map((m) => [m.id, m.label]));
const SUBJECT_CHARS = 180;

export function requestTag(requestId: string): string {
  return `${REQUEST_TAG_PREFIX}${requestId}`;
}

/** The request id a tag names, or null for any other notification. */
export function requestIdOfTag(tag: string): string | null {
  return tag.startsWith(REQUEST_TAG_PREFIX) ? tag.slice(REQUEST_TAG_PREFIX.length) || null : null;
}

/** What a person reads: the agent and tool in the title; the command or file and the workspace below. */
export function requestNotice(r: WaitingRequest): RequestNotice {
  const agent = LABELS.get(r.agent) ?? r.agent;
  const subject =
    r.subject && r.subject.length > SUBJECT_CHARS ? `${r.subject.slice(0, SUBJECT_CHARS - 1)}…` : r.subject;
  const where = r.workspace ? `in ${folderName(r.workspace)}` : 'no workspace';
  const on = r.machine ? ` on ${r.machine}` : '';
  return {
    requestId: r.id,
    tag: requestTag(r.id),
    title: `${agent}${on} asks to use ${r.tool ?? 'a tool'}`,
    body: [subject, where].filter(Boolean).join('\n'),
    actions: [
      { action: 'allow', title: 'Allow' },
      { action: 'deny', title: 'Deny' },
    ],
  };
}

/**
 * From the notifications shown now and the requests waiting now: which to show (new requests, oldest
 * first) and which to close (gone from the list). With request notifications switched off, nothing
 * shows and whatever is shown closes.
 */
export function planRequestNotices(
  shown: Iterable<string>,
  waiting: readonly WaitingRequest[],
  enabled: boolean,
): RequestNoticePlan {
  const open = new Set(shown);
  const stillWaiting = new Set(enabled ? waiting.map((r) => r.id) : []);
  return {
    show: enabled ? waiting.filter((r) => !open.has(r.id)).map(requestNotice) : [],
    close: [...open].filter((id) => !stillWaiting.has(id)),
  };
}

/** The last part of a path, for either separator. */
function folderName(path: string): string {
  const parts = path.split(/[\\/]+/).filter(Boolean);
  return parts.at(-1) ?? path;
}
