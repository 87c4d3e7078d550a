// Which MCP servers a dialect's hooks may call: every source's `mcpServers`, folded in priority order.
// Unlike hooks, servers do not add up: the highest-priority file that defines a name wins outright.
// Shared so the engine, `hookpanel check` and the panel's Rules view agree on which definition wins.
import type { Source } from './model.js';

/** A validated server definition (electron/host/mcp/config.ts reads them). */
export type McpServerConfig =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { type: 'http' | 'streamable-http'; url: string; headers: Record<string, string> };

export interface McpServerEntry {
  name: string;
  config: McpServerConfig;
  /** The file whose definition wins. */
  definedIn: string;
  /** Why the server cannot be started (its file is not trusted), or null. */
  unusable: string | null;
}

export type McpCatalog = ReadonlyMap<string, McpServerEntry>;

export function serversOf(source: Source): Record<string, McpServerConfig> {
  return (source.settings.mcpServers as Record<string, McpServerConfig> | undefined) ?? {};
}

/** The cross-tool MCP file at a workspace's root, which every settings-schema tool reads. */
export function isCrossToolMcpFile(source: Source): boolean {
  if (!source.projectScoped || source.workspace === null) return false;
  const slash = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
  return slash(source.path) === `${slash(source.workspace)}/.mcp.json`;
}

/**
 * The files whose servers a dialect's hooks may call: its own, plus the workspace's .mcp.json whichever
 * dialect loaded it (pw lists it among its layers; Claude Code reads it too). One file, one trust.
 */
export function mcpServerSources(all: readonly Source[], dialect: string): Source[] {
  const own = all.filter((s) => s.dialect === dialect);
  const shared = all.filter(
    (s) => s.dialect !== dialect && isCrossToolMcpFile(s) && !own.some((o) => o.path === s.path),
  );
  return [...own, ...shared.filter((s, i) => shared.findIndex((t) => t.path === s.path) === i)];
}

export function mcpCatalog(sources: readonly Source[]): McpCatalog {
  const out = new Map<string, McpServerEntry>();
  for (const source of [...sources].sort((a, b) => a.priority - b.priority)) {
    for (const [name, config] of Object.entries(serversOf(source))) {
      // A project's server is a program the project chose: it starts only once you trusted that file.
      const unusable =
        source.state === 'untrusted'
          ? `it is defined in ${source.path}, which is not trusted yet: review and trust the file to start its servers`
          : null;
      out.set(name, { name, config, definedIn: source.path, unusable });
    }
  }
  return out;
}

/** "a, b (in /x/.mcp.json)" style listing for messages about unknown servers. */
export function describeCatalog(catalog: McpCatalog): string {
  if (!catalog.size)
    return 'no MCP servers are defined (add them under "mcpServers" in .mcp.json or a settings file)';
  return `the servers defined are ${[...catalog.values()].map((e) => `"${e.name}" (${e.definedIn})`).join(', ')}`;
}
