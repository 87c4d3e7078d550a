// What `hookpanel remote add` puts on a machine: one folder in the remote user's home, readable by
// that user only, holding the bridge agents' hooks call, its Node fallback, the token its requests
// carry, the machine's choice for guarded tool calls while this computer is unreachable, and run/, where
// this computer's ssh connection binds its socket. Nothing outside the folder is touched.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

export const REMOTE_DIR_NAME = '.hookpanel-remote';

export type WhenUnreachable = 'block' | 'go-on';

export interface RemoteFile {
  /** Relative to the folder. */
  name: string;
  mode: number;
  text: string;
  /** What it is, in words. */
  what: string;
}

export const remoteDir = (home: string) => `${home}/${REMOTE_DIR_NAME}`;
export const remoteSocket = (home: string) => `${remoteDir(home)}/run/desk.sock`;
export const remoteBridge = (home: string) => `${remoteDir(home)}/bin/hookpanel-hook`;

/** The source of a file shipped beside this module (found from the package root, as in an asar). */
function shipped(name: string): string {
  let root = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  return readFileSync(join(root, 'electron', 'host', 'remote', name), 'utf8');
}

/** Single-quoted for sh. */
function quoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function remoteFiles(home: string, token: string, when: WhenUnreachable): RemoteFile[] {
  return [
    {
      name: 'bin/hookpanel-hook',
      mode: 0o700,
      text: shipped('remote-hook.sh').replace('dir=@DIR@', `dir=${quoted(remoteDir(home))}`),
      what: "the bridge agents' hooks call (sh and curl)",
    },
    {
      name: 'bin/hookpanel-hook.mjs',
      mode: 0o600,
      text: shipped('remote-hook.mjs'),
      what: 'its fallback where Node is installed and curl is missing or older than 7.40',
    },
    {
      name: 'token',
      mode: 0o600,
      text: `${token}\n`,
      what: 'the key each request carries to Hookpanel on this computer',
    },
    {
      name: 'unreachable',
      mode: 0o600,
      text: `${when}\n`,
      what:
        when === 'block'
          ? 'while this computer is unreachable, tool calls are blocked'
          : 'while this computer is unreachable, the agent goes on as with no Hookpanel',
    },
  ];
}

/** Folders made inside the remote folder, parents first. */
export const REMOTE_SUBDIRS = ['bin', 'run'] as const;
