// claude: real Claude Code settings files (pw's schema, Claude Code's event list). Claude Code runs
// its own files, so they are inspected; Hookpanel hosts the rules in its own hooks/claude.json. In
// guarded mode (guard.ts) Claude Code runs none of them, so they are hosted: Hookpanel runs them.
import { join } from 'node:path';
import { mcpServerSources } from '../../../../shared/mcp.js';
import { hostedCandidate } from '../../agents/candidates.js';
import { defineDialect, type Candidate } from '../dialect.js';
import { isGuarded } from './guard.js';
import { combineSettingsSources, loadSettingsFile } from '../pw/settings-file.js';
import { manifest } from './manifest.js';
import { claudeRuntime } from './runtime.js';

export default defineDialect(manifest, {
  runtime: claudeRuntime(manifest.events),
  formatOf: () => 'json',
  locate({ host, workspace }) {
    const configDir = host.env.CLAUDE_CONFIG_DIR || join(host.home, '.claude');
    const own = isGuarded(host)
      ? ({ role: 'hosted', guarded: true } as const)
      : ({ role: 'inspected' } as const);
    const out: Candidate[] = [
      hostedCandidate(host, manifest.id),
      {
        path: join(configDir, 'settings.json'),
        layer: 'user',
        priority: 1,
        ...own,
        projectScoped: false,
        format: 'json',
      },
    ];
    if (workspace) {
      out.push(
        {
          path: join(workspace, '.claude', 'settings.json'),
          layer: 'project',
          priority: 2,
          ...own,
          projectScoped: true,
          format: 'json',
        },
        {
          path: join(workspace, '.claude', 'settings.local.json'),
          layer: 'local',
          priority: 3,
          ...own,
          projectScoped: true,
          format: 'json',
        },
      );
    }
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
