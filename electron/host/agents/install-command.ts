// Puts the `hookpanel` and `hookpanel-hook` commands on PATH for packages that cannot do it at install
// time (AppImage, dmg, nsis): small wrappers in a per-user bin folder that run this installation's CLI.
import { accessSync, constants, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { HostEnv } from '../paths.js';
import { writeFileAtomic } from '../util/atomic.js';
import type { CommandTarget } from './bridge-command.js';

export type { CommandTarget };

export function defaultBinDir(host: HostEnv): string {
  if (host.platform === 'win32')
    return join(host.env.LOCALAPPDATA || join(host.home, 'AppData', 'Local'), 'hookpanel', 'bin');
  if (host.platform === 'darwin') {
    try {
      accessSync('/usr/local/bin', constants.W_OK);
      return '/usr/local/bin';
    } catch {
      // fall through to the per-user folder
    }
  }
  return join(host.home, '.local', 'bin');
}

export async function installCommand(
  host: HostEnv,
  target: CommandTarget,
  binDir = defaultBinDir(host),
): Promise<{ paths: string[]; onPath: boolean; message: string }> {
  await mkdir(binDir, { recursive: true });
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const paths: string[] = [];
  if (host.platform === 'win32') {
    const cmd = join(binDir, 'hookpanel.cmd');
    await writeFileAtomic(
      cmd,
      `@echo off\r\n${target.runAsNode ? 'set ELECTRON_RUN_AS_NODE=1\r\n' : ''}"${target.execPath}" "${target.cliPath}" %*\r\n`,
      0o755,
    );
    paths.push(cmd);
  } else {
    const sh = join(binDir, 'hookpanel');
    await writeFileAtomic(
      sh,
      `#!/bin/sh\n# Installed by Hookpanel: runs this installation's hookpanel command.\n${target.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}exec ${q(target.execPath)} ${q(target.cliPath)} "$@"\n`,
      0o755,
    );
    paths.push(sh);
    if (existsSync(target.hookScript)) {
      const hook = join(binDir, 'hookpanel-hook');
      await copyFile(target.hookScript, hook);
      await chmod(hook, 0o755);
      paths.push(hook);
    }
  }
  const onPath = (host.env.PATH ?? '').split(delimiter).includes(binDir);
  return {
    paths,
    onPath,
    message: `Installed ${paths.join(', ')}${onPath ? '' : `; add ${binDir} to your PATH`}`,
  };
}
