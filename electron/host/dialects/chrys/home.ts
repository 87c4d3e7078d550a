import { join } from 'node:path';
import type { HostEnv } from '../../paths.js';

/** `<config_dir>`: `$CHRYS_HOME`, else `~/.chrys` (Windows `%APPDATA%\chrys`). */
export function chrysHome(host: HostEnv): string {
  if (host.env.CHRYS_HOME) return host.env.CHRYS_HOME;
  if (host.platform === 'win32')
    return join(host.env.APPDATA || join(host.home, 'AppData', 'Roaming'), 'chrys');
  return join(host.home, '.chrys');
}
