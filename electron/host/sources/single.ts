import { dirname, resolve } from 'node:path';
import type { Dialect } from '../../../shared/model.js';
import type { Candidate, DialectModule, LoadContext } from '../dialects/dialect.js';
import { DIALECT_MODULES } from '../dialects/registry.js';

export interface Placement {
  module: DialectModule;
  candidate: Candidate;
  /** The workspace the file belongs to (null for user-level files). */
  workspace: string | null;
}

/**
 * Where a given file sits among the dialects' locations: the workspace is guessed from the file's
 * folders, so `hookpanel trust ws/.agents/settings.json` works from anywhere.
 */
export function placeFile(path: string, ctx: LoadContext, dialect?: Dialect): Placement | null {
  const full = resolve(path);
  const modules = dialect ? DIALECT_MODULES.filter((m) => m.dialect === dialect) : DIALECT_MODULES;
  const workspaces = [ctx.workspace, ...ancestors(full, 4)];
  for (const workspace of workspaces) {
    for (const module of modules) {
      const candidate = module.locate({ ...ctx, workspace }).find((c) => c.path === full);
      if (candidate) return { module, candidate, workspace: candidate.projectScoped ? workspace : null };
    }
  }
  return null;
}

/** A file outside every known location, read as a user-level file of the dialect. */
export function looseCandidate(module: DialectModule, path: string): Candidate {
  const full = resolve(path);
  return {
    path: full,
    layer: 'file',
    priority: 0,
    role: 'inspected',
    projectScoped: false,
    format: module.formatOf(full),
  };
}

function ancestors(path: string, depth: number): string[] {
  const out: string[] = [];
  let dir = dirname(path);
  for (let i = 0; i < depth; i++) {
    out.push(dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}
