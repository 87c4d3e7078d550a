// What one agent's permission requests are, beyond the mechanism every agent shares (the desk, the
// hold, History): how its request reads, how a person's answer is written in its protocol, which of
// its events show it went on without the answer, and what its "Always allow" writes. Each agent's part
// is `permissions.ts` in its dialect's folder, found by convention as connect.ts and trust.ts are, for
// the agents whose manifest names a `permissionEvent`; an agent without one has no such file.
import type { EmitAnswer } from '../../../shared/answer.js';
import type { AlwaysPolicy } from './always/policy.js';
import type { PersonAnswer } from './desk.js';
import { ASK_ME_AGENTS, permissionEventOf } from './ask-me.js';

/** A permission request's facts, read from the agent's payload. */
export interface RequestFacts {
  tool: string | null;
  /** The tool's input (a command, a file and its content), for the risk flags and the file change. */
  input: Record<string, unknown>;
  /** The command, file or other input the tool would act on. */
  subject: string | null;
  /** The model's reason for asking, where the agent sends one. */
  justification: string | null;
  /** The folder the agent works in, where the payload says. */
  cwd: string | null;
  sessionId: string | null;
  /** The same tool call with the same input gives the same key (to know it when the agent moves on). */
  callKey: string;
}

/** An event that shows the agent went on without the answer: in which session, for which call. */
export interface MovedOn {
  sessionId: string;
  /** The call it ran or gave up (a `callKey`); null: the turn ended, every request of the session. */
  call: string | null;
}

export interface AgentPermissions {
  /** The request as a person reads it. */
  read(payload: Record<string, unknown>): RequestFacts;
  /** The person's choice as the agent's hook answer (exit code, stdout, stderr). */
  answer(choice: PersonAnswer): EmitAnswer['protocol'];
  /** Whether `event` shows a held request is moot; null for any other event. */
  movedOn(event: string, payload: Record<string, unknown>): MovedOn | null;
  /** What "Always allow" writes for a request; absent where Hookpanel cannot write the agent's rules. */
  readonly always?: AlwaysPolicy;
}

let loaded: Promise<ReadonlyMap<string, AgentPermissions>> | null = null;

/** Every askable agent's part, by id. */
export function agentPermissions(): Promise<ReadonlyMap<string, AgentPermissions>> {
  loaded ??= Promise.all(
    ASK_ME_AGENTS.map(async (id) => {
      // By convention, as the registry finds index.ts: Node resolves it as written, vitest maps .js to .ts.
      const path = `../dialects/${id}/permissions.js`;
      const mod = (await import(/* @vite-ignore */ path)) as { permissions?: AgentPermissions };
      if (!mod.permissions) {
        throw new Error(
          `electron/host/dialects/${id}/permissions.ts must export its permissions: manifest.ts names the permission event ${permissionEventOf(id)}`,
        );
      }
      return [id, mod.permissions] as const;
    }),
  ).then((parts) => new Map(parts));
  return loaded;
}
