// Installing the remote bridge on a machine and taking it back: all over the person's own ssh, the
// plan shown first. Install refuses a folder it did not make; remove deletes exactly the files and
// folders install made (a file the person put there stays, and is named).
import { randomBytes } from 'node:crypto';
import type { HostEnv } from '../paths.js';
import {
  REMOTE_DIR_NAME,
  REMOTE_SUBDIRS,
  remoteDir,
  remoteFiles,
  type RemoteFile,
  type WhenUnreachable,
} from './layout.js';
import { readMachines, updateMachine, type MachineRecord } from './machines.js';
import { printfFormat } from './printf-bytes.js';
import { remoteFails, runRemote, sshFailure, unlessRemoteFails, type RemoteFailed } from './ssh.js';

export interface RemoteFacts {
  home: string;
  curl: string | null;
  /** curl's version as it gives it (`curl --version`), where curl is there and says one. */
  curlVersion: string | null;
  node: string | null;
  /** The folder is there already. */
  folderExists: boolean;
}

/** The remote user's home, and what the bridge can use there: one ssh call. */
export async function probe(host: HostEnv, target: string): Promise<RemoteFacts> {
  const r = await runRemote(
    host,
    target,
    [
      'printf "home=%s\\n" "$HOME"',
      'printf "curl=%s\\n" "$(command -v curl)"',
      'printf "curlversion=%s\\n" "$(curl --version 2>/dev/null | head -n 1)"',
      'printf "node=%s\\n" "$(command -v node)"',
      `if [ -e "$HOME/${REMOTE_DIR_NAME}" ]; then echo folder=yes; else echo folder=no; fi`,
    ].join('\n'),
  );
  if (r.code !== 0) remoteFails(sshFailure(target, r));
  const fact = (k: string) =>
    r.stdout
      .split('\n')
      .find((l) => l.startsWith(`${k}=`))
      ?.slice(k.length + 1) ?? '';
  const home = fact('home');
  if (!home.startsWith('/')) remoteFails(`${target} gave no home folder ($HOME is "${home}")`);
  return {
    home,
    curl: fact('curl') || null,
    curlVersion: /^curl (\d+\.\d+\S*)/.exec(fact('curlversion'))?.[1] ?? null,
    node: fact('node') || null,
    folderExists: fact('folder') === 'yes',
  };
}

export interface InstallPlan {
  target: string;
  facts: RemoteFacts;
  dir: string;
  files: RemoteFile[];
  whenUnreachable: WhenUnreachable;
  /** The machine is already Hookpanel's: the files are brought up to date. */
  update: boolean;
  token: string;
}

/** What install would put there, or why the machine could not be reached or taken. */
export function planInstall(
  host: HostEnv,
  target: string,
  whenUnreachable: WhenUnreachable,
): Promise<{ kind: 'planned'; plan: InstallPlan } | RemoteFailed> {
  return unlessRemoteFails(async () => ({
    kind: 'planned' as const,
    plan: await installPlan(host, target, whenUnreachable),
  }));
}

async function installPlan(
  host: HostEnv,
  target: string,
  whenUnreachable: WhenUnreachable,
): Promise<InstallPlan> {
  const known = (await readMachines(host))[target];
  const facts = await probe(host, target);
  if (facts.folderExists && !known)
    remoteFails(
      `${remoteDir(facts.home)} already exists on ${target} and Hookpanel on this computer did not make it; nothing was installed (remove it there, or remove it from the computer that installed it)`,
    );
  const token = known?.token ?? randomBytes(32).toString('hex');
  return {
    target,
    facts,
    dir: remoteDir(facts.home),
    files: remoteFiles(facts.home, token, whenUnreachable),
    whenUnreachable,
    update: !!known && facts.folderExists,
    token,
  };
}

/**
 * Whether a curl of this version reaches a Unix socket, as the bridge asks it to (`--unix-socket`, curl
 * 7.40). A version not given or not read is taken as able: the bridge finds out at its first call anyway.
 */
export function curlReachesSockets(version: string | null): boolean {
  const [major, minor] = (version ?? '').split('.').map(Number);
  if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) return true;
  return major > 7 || (major === 7 && minor >= 40);
}

/** What the bridge will use there, in words. */
export function toolsInWords(facts: RemoteFacts): string {
  if (facts.curl && curlReachesSockets(facts.curlVersion))
    return `curl is there (${facts.curl}${facts.curlVersion ? `, ${facts.curlVersion}` : ''}).`;
  const curl = facts.curl
    ? `curl ${facts.curlVersion} is there (${facts.curl}) but cannot reach a local socket (7.40 or later can)`
    : 'curl is not there';
  return facts.node
    ? `${curl}; Node is (${facts.node}), so the bridge uses it.`
    : facts.curl
      ? `${curl}, and Node is not there: until one of them is installed the bridge always answers "no decision".`
      : 'Neither curl nor Node is there: until one is installed the bridge always answers "no decision".';
}

/** The plan in words: where, what, and how it is taken back. */
export function describeInstall(plan: InstallPlan): string {
  const lines = [
    `${plan.update ? 'Hookpanel will update' : 'Hookpanel will install'} on ${plan.target}, in ${plan.dir} (a folder only that user can open, mode 700):`,
    ...plan.files.map((f) => `  ${f.name.padEnd(24)} ${f.what}`),
    `  ${'run/'.padEnd(24)} where this computer's ssh connection puts its socket`,
    toolsInWords(plan.facts),
    'Nothing outside that folder is changed. hookpanel remote remove takes it back.',
  ];
  return lines.join('\n');
}

/** Installs the plan there and records the machine here, or says why it could not. */
export function applyInstall(
  host: HostEnv,
  plan: InstallPlan,
): Promise<{ kind: 'installed' } | RemoteFailed> {
  return unlessRemoteFails(async () => {
    await install(host, plan);
    return { kind: 'installed' as const };
  });
}

async function install(host: HostEnv, plan: InstallPlan): Promise<void> {
  const d = plan.dir;
  const script = [
    'set -e',
    'umask 077',
    `d=${printfFormat(d)}`,
    // Made here, by this script, or refused: the folder of another installation is not taken over.
    plan.update ? 'mkdir -p "$d"' : 'mkdir "$d"',
    'chmod 700 "$d"',
    ...REMOTE_SUBDIRS.map((s) => `mkdir -p "$d/${s}" && chmod 700 "$d/${s}"`),
    ...plan.files.flatMap((f) => [
      `printf ${printfFormat(f.text)} > "$d/${f.name}.tmp"`,
      `chmod ${f.mode.toString(8)} "$d/${f.name}.tmp"`,
      `mv -f "$d/${f.name}.tmp" "$d/${f.name}"`,
    ]),
  ].join('\n');
  const r = await runRemote(host, plan.target, script);
  if (r.code !== 0) remoteFails(sshFailure(plan.target, r));
  const now = new Date().toISOString();
  await updateMachine(host, plan.target, (m) => ({
    target: plan.target,
    home: plan.facts.home,
    token: plan.token,
    whenUnreachable: plan.whenUnreachable,
    installedAt: m?.installedAt ?? now,
    agents: m?.agents ?? {},
  }));
}

/** What remove deletes: the files and folders install made, the socket, children first. */
export function describeRemoval(m: MachineRecord): string {
  const { files, folders } = removedPaths(m);
  const last = folders.pop();
  return [
    `Hookpanel will remove from ${m.target}:`,
    ...files.slice(0, -1).map((p) => `  ${p}`),
    `  ${files.at(-1)}, and the folders ${folders.join(', ')} and ${last} once empty`,
  ].join('\n');
}

/** Every file remove deletes there (the socket last), and the folders it removes once empty. */
export function removedPaths(m: MachineRecord): { files: string[]; folders: string[] } {
  const d = remoteDir(m.home);
  return {
    files: [
      ...remoteFiles(m.home, m.token, m.whenUnreachable).map((f) => `${d}/${f.name}`),
      `${d}/run/desk.sock`,
    ],
    folders: [`${d}/run`, `${d}/bin`, d],
  };
}

/** Removes what install made; the lines say what was left and why. */
export async function applyRemoval(host: HostEnv, m: MachineRecord): Promise<string[]> {
  const names = remoteFiles(m.home, m.token, m.whenUnreachable).map((f) => f.name);
  const script = [
    `d=${printfFormat(remoteDir(m.home))}`,
    ...[...names, 'run/desk.sock'].map((n) => `rm -f "$d/${n}"`),
    ...[...REMOTE_SUBDIRS].reverse().map((s) => `rmdir "$d/${s}" 2>/dev/null || echo "left:$d/${s}"`),
    'rmdir "$d" 2>/dev/null || echo "left:$d"',
    'exit 0',
  ].join('\n');
  const r = await runRemote(host, m.target, script);
  if (r.code !== 0) remoteFails(sshFailure(m.target, r));
  await updateMachine(host, m.target, () => null);
  return r.stdout
    .split('\n')
    .filter((l) => l.startsWith('left:'))
    .map((l) => `${l.slice(5)} was left: something else is in it`);
}
