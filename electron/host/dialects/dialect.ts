// The shape every dialect module has: locate → parse with positions → validate → normalize, and a
// runtime for the engine. A dialect is one folder: manifest.ts (plain data), index.ts (whose default
// export is `defineDialect(manifest, …)`), runtime.ts, and whatever else it needs; plus its entry in
// shared/dialects.ts. registry.ts finds index.ts by the manifest's id.
import type { EventCatalog } from '../../../shared/events/catalog.js';
import type { Dialect, DialectManifest } from '../../../shared/dialects.js';
import type { Role, Rule, Source } from '../../../shared/model.js';
import type { DiagnosticSink } from '../diagnostics/sink.js';
import type { FileFormat, ParsedDocument } from '../documents/document.js';
import type { DialectRuntime } from '../engine/runtime.js';
import type { HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';

export type { FileFormat };

export interface LoadContext {
  host: HostEnv;
  /** The workspace whose project files apply, or null for user files only. */
  workspace: string | null;
  settings: Settings;
  /**
   * Set for one file whose trust its scripts cannot change (no version with these bytes is trusted)
   * where nothing shows them (the in-process `hookpanel emit`): its commands are not read for the
   * project scripts they run (trust/command-scripts.ts).
   */
  scriptsUnread?: true;
}

/** Whether a file's commands are read for the project scripts they run, which trust covers. */
export function readsScripts(
  candidate: Candidate,
  ctx: LoadContext | undefined,
): ctx is LoadContext & { workspace: string } {
  return candidate.projectScoped && !!ctx?.workspace && !ctx.scriptsUnread;
}

/** A place a hook file of this dialect may live. */
export interface Candidate {
  path: string;
  layer: string;
  priority: number;
  role: Role;
  projectScoped: boolean;
  format: FileFormat;
  /** An agent's own file that Hookpanel runs in the agent's place (Claude Code's guarded mode). */
  guarded?: boolean;
}

export interface LoadedFile {
  rules: Rule[];
  /** `invalid` rejects the whole file (its rules do not run). */
  valid: boolean;
  /** A state the file forces on itself (io's project files that declare hooks are `refused`). */
  state?: 'refused';
  settings?: Record<string, unknown>;
  /** Absolute paths of scripts the rules point at (trust covers their bytes). */
  scripts?: string[];
  /** Folders watched for commands whose files cannot be pinned (trust covers everything under them). */
  folders?: string[];
}

/** What a dialect's folder implements; the rest of its module comes from its manifest. */
export interface DialectParts {
  /** How the engine runs this dialect's rules. */
  readonly runtime: DialectRuntime;
  /** Every place this dialect's files may be, in the dialect's own priority order. */
  locate(ctx: LoadContext): Candidate[];
  /**
   * Reads a file of this format the dialect's own way (Codex's config.toml with a position for every
   * key; Gemini's JSON with comments), or null to use the common reader.
   */
  parse?(text: string, format: FileFormat): ParsedDocument | null;
  /** YAML version to read with (chrys files are PyYAML's YAML 1.1). */
  readonly yamlVersion?: '1.1' | '1.2';
  /** Called when a file is rejected before load (syntax, encoding), to add dialect-specific notices. */
  onRejected?(candidate: Candidate, sink: DiagnosticSink): void;
  /** The format a file given on the command line is read as. */
  formatOf(path: string): FileFormat;
  /** Validates one parsed file and normalizes its rules. */
  load(
    doc: ParsedDocument,
    candidate: Candidate,
    sink: DiagnosticSink,
    ctx: LoadContext,
  ): LoadedFile | Promise<LoadedFile>;
  /**
   * Rules that span files (io refusal, chrys dormancy and id collisions, pw user-only keys, MCP
   * servers). `all` holds every dialect's sources for the context, trust applied, for files that
   * several tools read (the cross-tool .mcp.json).
   */
  combine?(sources: Source[], ctx: LoadContext, all: Source[]): void | Promise<void>;
}

export interface DialectModule extends DialectParts {
  readonly manifest: DialectManifest;
  /** The manifest's id, label and events, for short. */
  readonly dialect: Dialect;
  readonly label: string;
  readonly events: EventCatalog;
}

/** A dialect's module: its manifest and what its folder implements. */
export function defineDialect(manifest: DialectManifest, parts: DialectParts): DialectModule {
  return {
    ...parts,
    manifest,
    dialect: manifest.id as Dialect,
    label: manifest.label,
    events: manifest.events,
  };
}
