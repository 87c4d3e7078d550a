// The shape every dialect module has: locate → parse with positions → validate → normalize.
// Adding a dialect means adding one folder with an index.ts of this shape and one line in registry.ts.
import type { EventCatalog } from '../../../shared/events/index.js';
import type { Dialect, Role, Rule, Source } from '../../../shared/model.js';
import type { DiagnosticSink } from '../diagnostics/sink.js';
import type { ParsedDocument } from '../documents/document.js';
import type { DialectRuntime } from '../engine/runtime.js';
import type { HostEnv } from '../paths.js';
import type { Settings } from '../settings/settings.js';

export type FileFormat = 'json' | 'yaml' | 'toml';

export interface LoadContext {
  host: HostEnv;
  /** The workspace whose project files apply, or null for user files only. */
  workspace: string | null;
  settings: Settings;
}

/** A place a hook file of this dialect may live. */
export interface Candidate {
  path: string;
  layer: string;
  priority: number;
  role: Role;
  projectScoped: boolean;
  format: FileFormat;
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
}

export interface DialectModule {
  readonly dialect: Dialect;
  readonly label: string;
  readonly events: EventCatalog;
  /** How the engine runs this dialect's rules. */
  readonly runtime: DialectRuntime;
  /** Every place this dialect's files may be, in the dialect's own priority order. */
  locate(ctx: LoadContext): Candidate[];
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
