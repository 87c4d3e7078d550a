import { homedir } from 'node:os';
import { join } from 'node:path';

/** What Hookpanel knows of the machine it runs on. Tests build one around a temporary home. */
export interface HostEnv {
  home: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * This process's environment as it is now, copied: every hook's environment starts from it, and
 * `process.env` is a view of the C environment whose every read and listing crosses into C++ (listing
 * it cost each hook 0.3–0.9 ms on a loaded machine, where a plain object's costs a seventh of that).
 * Hookpanel never changes its own environment once started. A caller that reads a few names once may
 * pass `process.env` itself, which lists nothing.
 */
export function hostEnvFromProcess(env: HostEnv['env'] = { ...process.env }): HostEnv {
  const home = (process.platform === 'win32' ? env.USERPROFILE : env.HOME) || homedir();
  return { home, platform: process.platform, env };
}

/** `$XDG_CONFIG_HOME`, else `~/.config`. */
export function xdgConfigHome(h: HostEnv): string {
  return h.env.XDG_CONFIG_HOME || join(h.home, '.config');
}

/** The platform's per-user config directory. */
export function platformConfigDir(h: HostEnv): string {
  if (h.platform === 'win32') return h.env.APPDATA || join(h.home, 'AppData', 'Roaming');
  if (h.platform === 'darwin') return join(h.home, 'Library', 'Application Support');
  return xdgConfigHome(h);
}

/** Hookpanel's own state directory: `$HOOKPANEL_HOME`, else the config directory plus `hookpanel`. */
export function hookpanelHome(h: HostEnv): string {
  return h.env.HOOKPANEL_HOME || join(platformConfigDir(h), 'hookpanel');
}

export const homePaths = (h: HostEnv) => {
  const root = hookpanelHome(h);
  return {
    root,
    settings: join(root, 'settings.json'),
    trustDir: join(root, 'trust'),
    trustIndex: join(root, 'trust', 'index.json'),
    historyDir: join(root, 'history'),
    outbox: join(root, 'outbox'),
    logs: join(root, 'logs'),
    runDir: join(root, 'run'),
    /** V8's compiled code of the CLI's modules, for the next run (electron/cli/compile-cache.ts). */
    compileCache: join(root, 'cache', 'compile'),
    socket:
      h.platform === 'win32'
        ? `\\\\.\\pipe\\hookpanel-${Buffer.from(root).toString('hex').slice(-32)}`
        : join(root, 'run', 'host.sock'),
    /** Hookpanel's own hook file for an agent that runs its own hooks (`hooks/claude.json`). */
    hostedHooks: (dialect: string) => join(root, 'hooks', `${dialect}.json`),
  };
};
