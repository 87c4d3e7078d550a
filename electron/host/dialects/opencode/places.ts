// Where opencode keeps its plugins: the user config folder (`$XDG_CONFIG_HOME/opencode`, which opencode
// uses on every platform), the extra folder `$OPENCODE_CONFIG_DIR`, and `.opencode/` in a project; in
// each, `{plugin,plugins}/*.{ts,js}` as opencode 1.18 globs them (docs/agents/opencode.md).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { xdgConfigHome, type HostEnv } from '../../paths.js';

export function opencodeConfigDir(host: HostEnv): string {
  return join(xdgConfigHome(host), 'opencode');
}

/** The plugin files in one of opencode's folders, sorted as opencode loads them. */
export function pluginFiles(folder: string): string[] {
  const out: string[] = [];
  for (const sub of ['plugin', 'plugins']) {
    let names: string[];
    try {
      names = readdirSync(join(folder, sub));
    } catch {
      continue;
    }
    for (const name of names) if (/\.(js|ts)$/.test(name)) out.push(join(folder, sub, name));
  }
  return out.sort();
}
