// The bridge command an agent's hook runs to reach Hookpanel, written for this installation: absolute
// and quoted, so it works where `hookpanel` is not on PATH (an agent started from a desktop launcher, a
// service, an empty environment). Per-call events get the fast path (hookpanel-hook, a curl round trip),
// which falls back to this installation's `emit` through HOOKPANEL_NODE and HOOKPANEL_CLI.
import { existsSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'shell-quote';
import type { HostEnv } from '../paths.js';

export interface CommandTarget {
  /** The program that runs the CLI: node, or the app's Electron with ELECTRON_RUN_AS_NODE. */
  execPath: string;
  runAsNode: boolean;
  cliPath: string;
  hookScript: string;
}

/** The CLI of this installation (found from the package root, in a checkout or an asar), run by the current Node. */
export function thisInstallation(): CommandTarget {
  let root = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  // In a packaged app the package root is app.asar: Electron reads the CLI from inside it, but a shell
  // can only run the hook script from the unpacked copy electron-builder.yml keeps beside it.
  const unpacked = root.endsWith('.asar') ? `${root}.unpacked` : root;
  return {
    execPath: process.execPath,
    runAsNode: !!process.versions.electron,
    cliPath: join(root, 'dist', 'electron', 'cli', 'main.js'),
    hookScript: join(unpacked, 'electron', 'cli', 'hookpanel-hook.sh'),
  };
}

/** Single-quoted for a POSIX shell (every agent runs its hook commands through one). */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command for one event: `hookpanel emit <dialect> <event>` as this installation runs it, or the
 * fast path for events on every tool call. HOOKPANEL_HOME is written in when it is set, so the agent
 * reaches the Hookpanel that connected it whatever its own environment holds.
 */
export function bridgeCommand(
  target: CommandTarget,
  host: HostEnv,
  dialect: string,
  event: string,
  fast: boolean,
): string {
  const vars: string[] = [];
  if (host.env.HOOKPANEL_HOME) vars.push(`HOOKPANEL_HOME=${shellQuote(host.env.HOOKPANEL_HOME)}`);
  if (target.runAsNode) vars.push('ELECTRON_RUN_AS_NODE=1');
  if (fast)
    return [
      ...vars,
      `HOOKPANEL_NODE=${shellQuote(target.execPath)}`,
      `HOOKPANEL_CLI=${shellQuote(target.cliPath)}`,
      shellQuote(target.hookScript),
      dialect,
      event,
    ].join(' ');
  return [...vars, shellQuote(target.execPath), shellQuote(target.cliPath), 'emit', dialect, event].join(' ');
}

export interface BridgeCall {
  dialect: string;
  event: string;
  /** The curl fast path (hookpanel-hook) rather than `emit`. */
  fast: boolean;
}

/**
 * Whether a hook command is the bridge, and to which dialect and event: `hookpanel emit D E`,
 * `hookpanel-hook D E`, and the absolute forms connect writes (`VAR=… /path/node /path/cli/main.js emit
 * D E`, `VAR=… /path/hookpanel-hook.sh D E`), by any path.
 */
export function parseBridgeCommand(command: string): BridgeCall | null {
  let words: string[];
  try {
    words = parse(command).filter((w): w is string => typeof w === 'string');
  } catch {
    return null;
  }
  // Leading assignments (HOOKPANEL_HOME=…) are the command's environment, not its program.
  while (words.length && /^[A-Za-z_]\w*=/.test(words[0]!)) words.shift();
  const name = (w: string | undefined) => basename(w ?? '');
  let rest: string[] | null = null;
  let fast = false;
  if (name(words[0]) === 'hookpanel' && words[1] === 'emit') rest = words.slice(2);
  else if (/^hookpanel-hook(\.sh)?$/.test(name(words[0]))) {
    rest = words.slice(1);
    fast = true;
  } else if (isCliPath(words[1]) && words[2] === 'emit') rest = words.slice(3);
  if (!rest || rest.length < 2 || !/^[\w/.-]+$/.test(rest[0]!) || !/^[\w/.-]+$/.test(rest[1]!)) return null;
  return { dialect: rest[0]!, event: rest[1]!, fast };
}

/** `…/dist/electron/cli/main.js`: Hookpanel's CLI as connect names it. */
function isCliPath(word: string | undefined): boolean {
  return !!word && word.endsWith(['', 'electron', 'cli', 'main.js'].join(sep));
}

/**
 * The same bridge as `bridgeCommand`, as a program with its arguments and the variables to add, for
 * an agent whose hooks are code that starts the bridge itself (opencode's plugin): no shell between.
 */
export function bridgeArgv(
  target: CommandTarget,
  host: HostEnv,
  dialect: string,
  event: string,
  fast: boolean,
): { argv: string[]; env: Record<string, string> } {
  const env: Record<string, string> = {};
  if (host.env.HOOKPANEL_HOME) env.HOOKPANEL_HOME = host.env.HOOKPANEL_HOME;
  if (target.runAsNode) env.ELECTRON_RUN_AS_NODE = '1';
  if (fast)
    return {
      argv: [target.hookScript, dialect, event],
      env: { ...env, HOOKPANEL_NODE: target.execPath, HOOKPANEL_CLI: target.cliPath },
    };
  return { argv: [target.execPath, target.cliPath, 'emit', dialect, event], env };
}
