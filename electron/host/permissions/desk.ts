// The requests waiting for a person, oldest first. Each is held until the person answers, its deadline
// passes, its caller goes away or the host stops; the last three resolve as "no decision" (null), so
// the agent falls back to its own prompt. Whoever listens hears the list each time it changes.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { PermissionChoice, WaitingRequest } from '../../../shared/permissions.js';

export class PermissionError extends Error {}

interface Held {
  request: WaitingRequest;
  /** The tool call it asks about, to know it when the agent reports the call done. */
  call: string;
  settle(choice: PermissionChoice | null, why?: string): void;
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

  /**
   * Holds a request until it is answered; null means no decision. `signal` aborts when the caller
   * no longer waits (its connection closed).
   */
  hold(
    request: Omit<WaitingRequest, 'id' | 'since' | 'deadline'>,
    waitMs: number,
    signal?: AbortSignal,
    call = '',
  ): Promise<PermissionChoice | null> {
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
      const settle = (choice: PermissionChoice | null, why: string) => {
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
        settle: (choice, why) =>
          settle(choice, why ?? (choice ? `already answered: ${choice.behavior}` : 'withdrawn')),
      });
      this.emit('changed', this.list());
    });
  }

  /** Answers a waiting request; throws a PermissionError naming why when it is not waiting. */
  answer(id: string, choice: PermissionChoice): WaitingRequest {
    const h = this.held.get(id);
    if (!h) {
      const why = this.gone.get(id);
      throw new PermissionError(
        why ? `request ${id} is no longer waiting (${why})` : `no waiting request has the id ${id}`,
      );
    }
    h.settle(choice);
    return h.request;
  }

  /**
   * The agent moved on without our answer (its own prompt was answered first): requests of that
   * session, for that call (or any, with `call` null), get no decision, which ends the waiting bridge.
   */
  withdraw(agent: string, sessionId: string, call: string | null, why: string): void {
    for (const h of [...this.held.values()])
      if (
        h.request.agent === agent &&
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
