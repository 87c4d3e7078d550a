// What a dialect declares about itself as plain data: every list of dialects in Hookpanel (the contract,
// the CLI, the intake, the panel's menus, the settings) derives from these. Runtime-neutral and zod-free,
// so `hookpanel emit` and the renderer read them at no cost.
import type { EventCatalog } from './events/catalog.js';

/** A switch a person sets in Hookpanel's settings for one dialect (a project file cannot set it). */
export interface DialectOption {
  /** Key under `dialects.<id>` in settings.json. */
  readonly key: string;
  /** What the switch does, as the panel shows it. */
  readonly label: string;
  /** More on it; `code` spans are shown as code. */
  readonly description: string;
  readonly default: boolean;
}

/** Why a source of the dialect is in a state other than active: the rest of a skip reason. */
export interface StateReasons {
  readonly dormant?: string;
  readonly disabled?: string;
  readonly refused?: string;
}

/**
 * The JSON key an agent reads a deny from: Claude Code's `hookSpecificOutput.decision.behavior` on
 * PermissionRequest (docs/agents/permission-requests.md), Copilot CLI's `permissionDecision` and
 * `behavior` (docs/agents/copilot.md, "Answers").
 */
export type JsonDenyKey = 'hookSpecificOutput.decision.behavior' | 'permissionDecision' | 'behavior';

export interface DialectManifest {
  /** The name in `hookpanel emit <id>`, `--dialect`, history records and settings. */
  readonly id: string;
  /** The harness or agent, as people call it. */
  readonly label: string;
  /**
   * `harness`: Hookpanel hosts its hook files and runs them when its events arrive. `agent`: it runs its
   * own hook files (Hookpanel inspects them) and Hookpanel's hosted rules live in `hooks/<id>.json`.
   */
  readonly kind: 'harness' | 'agent';
  readonly events: EventCatalog;
  /**
   * The event the agent asks its hooks for permission with, where it has one: Ask me can hold it for a
   * person, and the agent's folder then has `permissions.ts` (its request shape and answer). Absent:
   * the agent cannot be asked.
   */
  readonly permissionEvent?: string;
  /** Where its files are, as a person reads them; `code` spans mark paths. */
  readonly locations: { readonly user: string; readonly project: string };
  /** How a hook and the bridge meet the harness. */
  readonly conventions: {
    /** How a hook receives the event, in words. */
    readonly hookPayload: string;
    /** How the harness reads a hook's answer, in words. */
    readonly answer: string;
    /** The environment variable `hookpanel emit` reads the payload from when stdin is empty. */
    readonly payloadEnv: string | null;
    /** The environment variable naming a file the harness reads the answer from (written besides stdout). */
    readonly answerFileEnv: string | null;
    /**
     * Events that gate an action: when Hookpanel cannot run one (a refused payload, a failure of its
     * own), the bridge blocks it rather than let the action through unchecked (a guard you can bypass by
     * breaking it is not a guard: ../shared/seeds/003_c7fb5911eadfcab5.txt, "Guards fail closed").
     */
    readonly guardEvents: readonly string[];
    /**
     * Events whose block is a deny in JSON on exit 0 rather than exit 2, by the key that carries the
     * deny; the others block with exit 2 and the reason on stderr. Absent: every block is exit 2.
     */
    readonly denyInJson?: Readonly<Record<string, JsonDenyKey>>;
  };
  readonly states: StateReasons;
  readonly options: readonly DialectOption[];
  /** How its project files are gated: who runs them, and what Trust review's click changes there. */
  readonly gate: FileGateSpec;
}

/**
 * `hookpanel`: Hookpanel runs the files, so its trust decides (the harnesses). For an agent that runs its
 * own files: `records`, Hookpanel's trust is recorded in the agent's own per-hook trust, so the click
 * decides there too (Codex); `own`, the agent runs them under a gate of its own that Hookpanel's trust
 * does not change (Claude Code, Gemini CLI). The sentences are for a person, one each.
 */
export type FileGateSpec =
  | { readonly by: 'hookpanel' }
  | {
      readonly by: 'records' | 'own';
      /** Who runs the file's hooks, and when. */
      readonly runs: string;
      /** What trusting the file in Hookpanel changes. */
      readonly trust: string;
      /** What leaving it untrusted (Keep blocked) changes. */
      readonly block: string;
      /** Keep blocked changes the agent too, through the same code as `hookpanel untrust` (Gemini CLI). */
      readonly blocks?: boolean;
      /**
       * Hookpanel records nothing for the file until the agent's guarded mode is on (Claude Code): the
       * review offers guarded mode where other agents' files get "Mark this version reviewed".
       */
      readonly guardedMode?: boolean;
    };
