// opencode: its JavaScript plugins (inspected: code opencode runs, shown and reviewed, never run by
// Hookpanel) and Hookpanel's hosted hooks/opencode.json in Claude Code's schema, which the engine runs
// with the semantics in runtime.ts. Facts and their sources: docs/agents/opencode.md.
import { join } from 'node:path';
import { hostedCandidate, inspectedCandidate } from '../../agents/candidates.js';
import { defineDialect, type Candidate } from '../dialect.js';
import { loadSettingsFile } from '../pw/settings-file.js';
import { manifest } from './manifest.js';
import { opencodeConfigDir, pluginFiles } from './places.js';
import { loadPlugin, pluginDocument } from './plugins.js';
import { opencodeRuntime } from './runtime.js';

const isPlugin = (path: string) => /\.(js|ts)$/.test(path);

export default defineDialect(manifest, {
  runtime: opencodeRuntime,
  formatOf: (path) => (isPlugin(path) ? 'javascript' : 'json'),
  parse: (text, format) => (format === 'javascript' ? pluginDocument(text) : null),
  locate({ host, workspace }) {
    const plugin = (path: string, layer: string, priority: number, projectScoped: boolean) =>
      inspectedCandidate(path, layer, priority, projectScoped, 'javascript');
    const out: Candidate[] = [
      hostedCandidate(host, manifest.id),
      ...pluginFiles(opencodeConfigDir(host)).map((p) => plugin(p, 'user', 1, false)),
    ];
    if (host.env.OPENCODE_CONFIG_DIR)
      out.push(...pluginFiles(host.env.OPENCODE_CONFIG_DIR).map((p) => plugin(p, 'user', 2, false)));
    if (workspace)
      out.push(...pluginFiles(join(workspace, '.opencode')).map((p) => plugin(p, 'project', 3, true)));
    return out;
  },
  load: (doc, candidate, sink, ctx) =>
    candidate.format === 'javascript'
      ? loadPlugin(doc, candidate, sink)
      : loadSettingsFile(doc, candidate, sink, { events: manifest.events, harness: manifest.label }, ctx),
});
