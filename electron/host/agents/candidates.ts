// The files an agent dialect's `locate` lists: first Hookpanel's own file of hosted rules for the agent
// (run by Hookpanel with the agent's semantics), then the agent's own files, inspected: shown and
// validated, run by the agent (README.md, "Where Hookpanel looks").
import type { FileFormat } from '../documents/document.js';
import type { Candidate } from '../dialects/dialect.js';
import { homePaths, type HostEnv } from '../paths.js';

/** Hookpanel's file of hosted rules for the agent `id`, priority 0. */
export function hostedCandidate(host: HostEnv, id: string): Candidate {
  return {
    path: homePaths(host).hostedHooks(id),
    layer: 'hosted',
    priority: 0,
    role: 'hosted',
    projectScoped: false,
    format: 'json',
  };
}

/** One of the agent's own files, inspected. */
export function inspectedCandidate(
  path: string,
  layer: string,
  priority: number,
  projectScoped = false,
  format: FileFormat = 'json',
): Candidate {
  return { path, layer, priority, role: 'inspected', projectScoped, format };
}
