// Ask me as one step the host takes after the engine: an event that shows an agent went on withdraws
// its moot requests; a permission request no hosted rule decided is held for a person. The step
// returns what to record and answer (the waiting event now, the settled one with the person's answer)
// and records nothing itself, so the host alone writes History.
import type { EmitAnswer } from '../../../shared/answer.js';
import type { DispatchRecord, EventRecord, HistoryRecord } from '../../../shared/dispatch.js';
import type { Dialect } from '../../../shared/model.js';
import type { Dispatched, EmitRequest } from '../engine/engine.js';
import type { HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';
import { agentPermissions, type AgentPermissions, type RequestFacts } from './agent-permissions.js';
import { alwaysFor } from './always/index.js';
import { askMeOf, permissionEventOf, shouldAsk } from './ask-me.js';
import type { PermissionDesk } from './desk.js';
import { personRecord, settledEvent, waitingEvent } from './record.js';
import { whatItWouldDo } from './request-risks.js';
import { answerWith, describeRequest, undecided, type DescribedRequest } from './request.js';

/** What the person's answer (or its absence) comes to. */
export interface PersonOutcome {
  answer: EmitAnswer;
  /** The person's run of the "Ask me" rule, for History. */
  person: DispatchRecord;
  /** The held event as decided, replacing the waiting one; null when the engine kept no event. */
  settled: EventRecord | null;
}

/** `held`: the records to keep now (the event as waiting) and the person's outcome to come. */
export type AskMeOutcome =
  { held: false } | { held: true; waiting: HistoryRecord[]; outcome: Promise<PersonOutcome> };

export const NOT_HELD: AskMeOutcome = { held: false };

export interface AskMeContext {
  desk: PermissionDesk;
  settings: Settings;
  /**
   * Aborts when the caller stops waiting (its connection closed): the request is then dropped. Made
   * when first asked for: only a request held for a person waits on it.
   */
  callerGone?: () => AbortSignal;
}

export class AskMeStep {
  private constructor(
    private readonly host: HostEnv,
    private readonly agents: ReadonlyMap<string, AgentPermissions>,
  ) {}

  static async open(host: HostEnv): Promise<AskMeStep> {
    return new AskMeStep(host, await agentPermissions());
  }

  /** After the engine answered `req` with `done`. */
  afterEngine(req: EmitRequest, done: Dispatched, ctx: AskMeContext): AskMeOutcome {
    const agent = this.agents.get(req.dialect);
    if (!agent) return NOT_HELD;
    const moved = agent.movedOn(req.event, req.payload);
    if (moved)
      ctx.desk.withdraw(
        req.dialect,
        moved.sessionId,
        moved.call,
        `withdrawn: ${req.dialect} went on without it (${req.event})`,
      );
    if (req.event !== permissionEventOf(req.dialect)) return NOT_HELD;
    const facts = agent.read(req.payload);
    if (!shouldAsk(ctx.settings, req.dialect, req.event, facts.tool) || !undecided(done.answer))
      return NOT_HELD;
    const event = done.records.find((r): r is EventRecord => r.type === 'event') ?? null;
    return {
      held: true,
      waiting: done.records.map((r) => (r.type === 'event' ? waitingEvent(r) : r)),
      outcome: this.askPerson(req, agent, facts, done, event, ctx),
    };
  }

  /** The request waits on the desk for a person's answer, which then settles its event. */
  private async askPerson(
    req: EmitRequest,
    agent: AgentPermissions,
    facts: RequestFacts,
    done: Dispatched,
    event: EventRecord | null,
    { desk, settings, callerGone }: AskMeContext,
  ): Promise<PersonOutcome> {
    const started = Date.now();
    const always = req.machine
      ? notOnMachine(req.machine)
      : alwaysFor(req.dialect, agent.always, req.payload, this.host);
    const workspace = event?.workspace ?? null;
    const described = describeRequest(
      req.dialect as Dialect,
      facts,
      done.answer.eventId,
      workspace,
      always.shown,
    );
    const { risks, change } = await whatItWouldDo(described, facts.input, this.host.home);
    const request: DescribedRequest = {
      ...described,
      ...(risks && { risks }),
      // A file of another machine is not the file of the same path here: no change is shown for it.
      ...(req.machine ? { machine: req.machine } : change && { change }),
    };
    const wait = askMeOf(settings, req.dialect).waitSeconds * 1000;
    const signal = callerGone?.();
    const choice = await desk.hold(request, wait, { signal, call: facts.callKey, offers: always.held });
    const person = personRecord(request, choice, started);
    const answer = answerWith(done.answer, choice, agent);
    return {
      person,
      settled: event && settledEvent(event, person),
      answer: {
        ...answer,
        dispatches: [
          ...answer.dispatches,
          {
            rule: person.rule,
            source: person.source,
            outcome: person.outcome,
            exitCode: null,
            signal: null,
            timedOut: false,
            durationMs: person.durationMs,
            skipReason: person.skipReason,
          },
        ],
      },
    };
  }
}

/**
 * "Always allow" writes the agent's own rules file; for a request from another machine that file is
 * there, and Hookpanel writes nothing on a machine but what `connect --remote` shows first.
 */
function notOnMachine(machine: string): ReturnType<typeof alwaysFor> {
  return {
    held: [],
    shown: {
      offers: [],
      whyNot: `the rule would go in the agent's settings on ${machine}, which Hookpanel does not write from here`,
    },
  };
}
