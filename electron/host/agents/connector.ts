// What connecting one agent takes, beyond the mechanism every agent shares (agents.ts): its settings
// file, the events it routes to Hookpanel, which of them go the fast path, the fields its hooks schema
// wants, and anything to do once the person approved the change (Codex: record its trust). Each agent's
// part is `connect.ts` in its dialect's folder, found by convention like the dialect's index.ts, so an
// agent stays one folder.
import type { Dialect } from '../../../shared/dialects.js';
import type { AgentMachine } from './agent-machine.js';
import { agentParts } from './agent-parts.js';
import type { HostEnv } from '../paths.js';
import type { OwnFile } from './own-file-edit.js';
import type { BridgeEntry } from './settings-edit.js';

/** A trust record connect made in the agent's own configuration, so disconnect can take back exactly it. */
export interface TrustRecord {
  key: string;
  hash: string;
}

export interface ConnectContext {
  /** The agent's side, as its connect part reads paths from it (the remote user's home, over ssh). */
  host: HostEnv;
  /** Where its files are read and its program runs. */
  machine: AgentMachine;
  /** The settings file connect wrote. */
  path: string;
  /** The bridge hooks connect wrote: now, or at an earlier connect (kept in agents.json). */
  entries: BridgeEntry[];
  /** Trust records connect made earlier. */
  trusted: TrustRecord[];
  /** What the agent's part noted at an earlier connect (kept in agents.json beside the record). */
  notes: Record<string, unknown>;
}

export interface AfterConnect {
  /** What was done, or why it could not be (one or two sentences); null for nothing to say. */
  message: string | null;
  /** Trust records now in place for the entries. */
  trusted: TrustRecord[];
  /** The agent will not run some of the hooks as things stand (not for a missing agent: that is expected). */
  failed?: boolean;
  /** Notes for disconnect (e.g. that a file did not exist before). */
  notes?: Record<string, unknown>;
}

export interface AgentConnector {
  /** The file connect edits. */
  settingsPath(host: HostEnv): string;
  /** The agent's program: found on PATH means installed. */
  readonly program: string;
  /** The agent's own folder: present means it is used on this machine. */
  homeDir(host: HostEnv): string;
  /** Events routed to Hookpanel, in the order they are written. */
  readonly events: readonly string[];
  /** Written besides `events` only while Ask me is on for the agent (electron/host/permissions/). */
  readonly askMeEvents?: readonly string[];
  /** Tools Ask me offers to choose from (besides those the agent asked about, from History). */
  readonly askMeTools?: readonly string[];
  /** What the agent asks permission for, when narrower than "any tool", in a sentence. */
  readonly askMeScope?: string;
  /** Of those, the ones on every tool call: they get the fast path. */
  readonly fastEvents: readonly string[];
  /** Fields of a bridge hook beside type and command, in the agent's units. */
  extras(event: string): Record<string, unknown>;
  /** What connecting does, in a sentence or two. */
  readonly what: string;
  /**
   * Where the bridge is a whole file (opencode's plugin, Copilot CLI's hook file): connect writes this
   * file of Hookpanel's own at `settingsPath`, starting the bridge as argv, rather than editing entries
   * of a settings file.
   */
  ownFile?(bridge: (event: string) => { argv: string[]; env: Record<string, string> }): OwnFile;
  /** After the change was written (or found in place): e.g. record the agent's trust in the new hooks. */
  afterConnect?(ctx: ConnectContext): Promise<AfterConnect>;
  /**
   * afterConnect runs the agent's own program (Codex records its trust through its app server): on
   * another machine, connect is refused where that program is missing, as nothing there could finish it.
   */
  readonly afterConnectRunsProgram?: true;
  /** After disconnect wrote: take back the trust records connect made; says what it did. */
  afterDisconnect?(ctx: ConnectContext): Promise<string | null>;
}

export interface LoadedConnector {
  id: Dialect;
  label: string;
  connector: AgentConnector;
}

let loaded: Promise<LoadedConnector[]> | null = null;

/** Every agent dialect with a connect.ts, in the manifests' order. */
export function agentConnectors(): Promise<LoadedConnector[]> {
  loaded ??= agentParts<AgentConnector>('connect', 'connector', 'required').then((found) =>
    found.map(({ id, label, part }) => ({ id, label, connector: part })),
  );
  return loaded;
}

export async function agentConnector(dialect: string): Promise<LoadedConnector | null> {
  return (await agentConnectors()).find((c) => c.id === dialect) ?? null;
}
