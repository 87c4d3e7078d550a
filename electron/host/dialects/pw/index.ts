// pw (../shared/seeds/003_c7fb5911eadfcab5.txt): pw code's settings.json hooks across seven layered files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerSources } from '../../../../shared/mcp.js';
import { defineDialect, type Candidate } from '../dialect.js';
import { manifest } from './manifest.js';
import { settingsRuntime } from './runtime.js';
import { combineSettingsSources, loadSettingsFile } from './settings-file.js';

export default defineDialect(manifest, {
  runtime: settingsRuntime({ events: manifest.events, matcher: 'exact' }),
  formatOf: () => 'json',
  locate({ host, workspace }) {
    const user = (path: string, priority: number): Candidate => ({
      path,
      layer: 'user',
      priority,
      role: 'hosted',
      projectScoped: false,
      format: 'json',
    });
    const out: Candidate[] = [
      user(join(host.home, '.config', 'agents', 'settings.json'), 1),
      user(join(host.home, '.config', 'pw', 'code.json'), 2),
    ];
    if (!workspace) return out;
    const ws = (rel: string[], layer: string, priority: number): Candidate => ({
      path: join(workspace, ...rel),
      layer,
      priority,
      role: 'hosted',
      projectScoped: true,
      format: 'json',
    });
    out.push(ws(['.mcp.json'], 'project', 3));
    // Legacy `.pw/code/` files count only where the `.agents/` equivalent is absent.
    const project = ws(['.agents', 'settings.json'], 'project', 5);
    const local = ws(['.agents', 'settings.local.json'], 'local', 7);
    if (!existsSync(project.path)) out.push(ws(['.pw', 'code', 'settings.json'], 'project', 4));
    out.push(project);
    if (!existsSync(local.path)) out.push(ws(['.pw', 'code', 'settings.local.json'], 'local', 6));
    out.push(local);
    return out;
  },
  load: (doc, candidate, sink, ctx) =>
    loadSettingsFile(
      doc,
      candidate,
      sink,
      {
        events: manifest.events,
        harness: manifest.label,
      },
      ctx,
    ),
  combine: (sources, _ctx, all) => combineSettingsSources(sources, mcpServerSources(all, manifest.id)),
});
