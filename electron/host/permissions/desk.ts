// The requests waiting for a person, oldest first. Each is held until the person answers, its deadline
// passes, its caller goes away or the host stops; the last three resolve as "no decision" (null), so
// the agent falls back to its own prompt. Whoever listens hears the list each time it changes.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { PermissionChoice, WaitingRequest } from '../../../shared/permissions.js';
import { applyAlways, checkAlways, type AppliedAlways, type HeldOffer } from './always/index.js';

/** What answering a request came to: answered, or refused saying why (then nothing was decided). */
export type AnswerOutcome =
  | { answered: true; request: WaitingRequest; always: AppliedAlways | null }
  | { answered: false; refused: string };

/** The person's answer as the agent gets it: their choice, and the "always" rule applied with it. */
export interface PersonAnswer {
  behavior: 'allow' | 'deny';
  reason: string | null;
  always: AppliedAlways | null;
}

interface Held {
  request: WaitingRequest;
  /** The tool call it asks about, to know it when the agent reports the call done. */
  call: string;
  /** What "Always allow" may write for it (request.always shows them). */
  offers: readonly HeldOffer[];
  /** An "always" rule is being written: a second answer waits its turn and is refused. */
  answering: boolean;
  settle(answer: PersonAnswer | null, why?: string): void;
}

export interface HoldOptions {
  /** Aborts when the caller no longer waits (its connection closed). */
  signal?: AbortSignal;
  /** The tool call it asks about (request.ts callKey). */
  call?: string;
  offers?: readonly HeldOffer[];
}

export interface DeskEvents {
  changed: [WaitingRequest[]];
}

export class PermissionDesk extends EventEmitter<DeskEvents> {
  private readonly held = new Map<string, Held>();
  /** Ids answered or expired, so a second answer says so rather than "unknown". */
  private readonly gone = new Map<string, string>();
  private closed = false;

  list(): WaitingRequest[] {
    return [...this.held.values()].map((h) => h.request);
  }

  /** Holds a request until it is answered; null means no decision. */
  hold(
    request: Omit<WaitingRequest, 'id' | 'since' | 'deadline'>,
    waitMs: number,
    { signal, call = '', offers = [] }: HoldOptions = {},
  ): Promise<PersonAnswer | null> {
    if (this.closed || signal?.aborted) return Promise.resolve(null);
    const id = this.newId();
    const now = Date.now();
    const full: WaitingRequest = {
      ...request,
      id,
      since: new Date(now).toISOString(),
      deadline: new Date(now + waitMs).toISOString(),
    };
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null, 'expired: nobody answered before its deadline'), waitMs);
      const onAbort = () => settle(null, 'withdrawn: the agent stopped waiting');
      const settle = (choice: PersonAnswer | null, why: string) => {
        if (!this.held.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.gone.set(id, why);
        if (this.gone.size > 1000) this.gone.delete(this.gone.keys().next().value!);
        resolve(choice);
        this.emit('changed', this.list());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.held.set(id, {
        request: full,
        call,
        offers,
        answering: false,
        settle: (choice, why) =>
          settle(choice, why ?? (choice ? `already answered: ${choice.behavior}` : 'withdrawn')),
      });
      this.emit('changed', this.list());
    });
  }

  /**
   * Answers a waiting request; refused, saying why, when it is not waiting, or when its "always" rule
   * is not the one offered or cannot be written (the request then still waits).
   */
  async answer(id: string, choice: PermissionChoice): Promise<AnswerOutcome> {
    const refused = (why: string): AnswerOutcome => ({ answered: false, refused: why });
    const h = this.held.get(id);
    if (!h) {
      const why = this.gone.get(id);
      return refused(
        why ? `request ${id} is no longer waiting (${why})` : `no waiting request has the id ${id}`,
      );
    }
    if (h.answering) return refused(`request ${id} is being answered`);
    let always: AppliedAlways | null = null;
    if (choice.always) {
      if (choice.behavior !== 'allow') return refused('"always" goes with allow, not deny');
      h.answering = true;
      try {
        const checked = checkAlways(h.offers, choice.always, id);
        const applied = 'refused' in checked ? checked : await applyAlways(checked);
        if ('refused' in applied) return refused(applied.refused);
        always = applied;
      } finally {
        h.answering = false;
      }
      if (!this.held.has(id)) {
        // It went away while the rule was written: the rule stays, the agent decides this call.
        const where = always.file ?? always.where;
        return refused(`request ${id} is no longer waiting (${this.gone.get(id)}); the rule is in ${where}`);
      }
    }
    h.settle({ behavior: choice.behavior, reason: choice.reason, always });
    return { answered: true, request: h.request, always };
  }

  /**
   * The agent moved on without our answer (its own prompt was answered first): requests of that
   * session, for that call (or any, with `call` null), get no decision, which ends the waiting bridge.
   */
  withdraw(dialect: string, sessionId: string, call: string | null, why: string): void {
    for (const h of [...this.held.values()])
      if (
        h.request.agent === dialect &&
        h.request.sessionId === sessionId &&
        (call === null || h.call === call)
      )
        h.settle(null, why);
  }

  /** The host stops: every waiting request gets no decision, and none is taken after. */
  close(): void {
    this.closed = true;
    for (const h of [...this.held.values()]) h.settle(null);
  }

  private newId(): string {
    let id: string;
    do id = randomBytes(3).toString('hex');
    while (this.held.has(id) || this.gone.has(id));
    return id;
  }
}
