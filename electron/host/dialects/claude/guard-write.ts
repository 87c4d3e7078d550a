// Writing and removing guarded mode's drop-in: a short list of steps, done directly where Hookpanel may
// write the managed folder (run as administrator), else as one command behind the operating system's
// own administrator prompt (@vscode/sudo-prompt: polkit's pkexec on Linux, the macOS dialog, Windows
// UAC). `off` removes the file and only the folders `on` created that nothing else has filled since,
// so the managed folder is left byte for byte as it was before `on`.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { shellQuote, type CommandTarget } from '../../agents/bridge-command.js';
import type { GuardApplied, GuardPlan } from '../../agents/guarded-mode.js';
import type { HostEnv } from '../../paths.js';
import { guardContents, guardPaths, guardRecordPath } from './guard.js';

type Step =
  | { kind: 'mkdir'; path: string }
  | { kind: 'write'; path: string; text: string }
  | { kind: 'remove'; path: string }
  | { kind: 'rmdir'; path: string };

export interface ClaudeGuardPlan extends GuardPlan {
  steps: Step[];
  /** Folders `on` creates; recorded so `off` can take exactly them back. */
  creates: string[];
}

interface GuardRecord {
  file: string;
  created: string[];
}

function readRecord(host: HostEnv): GuardRecord | null {
  try {
    const doc = JSON.parse(readFileSync(guardRecordPath(host), 'utf8')) as GuardRecord;
    return Array.isArray(doc.created) ? doc : null;
  } catch {
    return null;
  }
}

/** What `guard claude on|off` would do on this machine, changing nothing. */
export function planGuard(host: HostEnv, on: boolean, target?: CommandTarget): ClaudeGuardPlan {
  const { folders, file } = guardPaths(host);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (on) {
    const contents = guardContents(host, target);
    const creates = folders.filter((f) => !existsSync(f));
    const steps: Step[] =
      current === contents
        ? []
        : [
            ...creates.map((path): Step => ({ kind: 'mkdir', path })),
            { kind: 'write', path: file, text: contents },
          ];
    return { on, file, current, contents, steps, creates };
  }
  if (current === null) return { on, file, current, contents: null, steps: [], creates: [] };
  const steps: Step[] = [{ kind: 'remove', path: file }];
  // Innermost first: a folder `on` created goes only when what is left in it is what `off` removes.
  const created = new Set(readRecord(host)?.created ?? []);
  let leaving = file;
  for (const folder of [...folders].reverse()) {
    if (!created.has(folder) || dirname(leaving) !== folder) break;
    const left = readdirSync(folder).filter((name) => join(folder, name) !== leaving);
    if (left.length) break;
    steps.push({ kind: 'rmdir', path: folder });
    leaving = folder;
  }
  return { on, file, current, contents: null, steps, creates: [] };
}

/** Does the plan's steps: directly where allowed, else behind the administrator prompt. */
export async function applyGuard(host: HostEnv, plan: ClaudeGuardPlan): Promise<GuardApplied> {
  if (!plan.steps.length) return { kind: 'already', message: 'Nothing to change.' };
  try {
    runDirectly(plan.steps);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM')
      return { kind: 'failed', message: `${plan.file}: ${(err as Error).message}` };
    const refused = await runElevated(host, plan.steps);
    if (refused) return refused;
  }
  await saveRecord(host, plan);
  return { kind: 'changed', message: plan.on ? `Wrote ${plan.file}.` : `Removed ${plan.file}.` };
}

function runDirectly(steps: Step[]): void {
  for (const step of steps) {
    if (step.kind === 'mkdir') mkdirSync(step.path, { mode: 0o755 });
    else if (step.kind === 'write') writeFileSync(step.path, step.text, { mode: 0o644 });
    else if (step.kind === 'remove') rmSync(step.path);
    else rmdirSync(step.path);
  }
}

/**
 * The steps as one command for the administrator prompt, every path quoted, the text from a file of ours;
 * null once done, else why nothing was changed.
 */
async function runElevated(
  host: HostEnv,
  steps: Step[],
): Promise<Extract<GuardApplied, { kind: 'failed' }> | null> {
  let staging: string;
  try {
    staging = mkdtempSync(join(tmpdir(), 'hookpanel-guard-'));
  } catch (e) {
    // The file's text goes to the prompt's command through a file of ours: no folder for it, no prompt.
    const why = (e as Error).message;
    return {
      kind: 'failed',
      message: `Could not stage the file for the administrator prompt: ${why}. Nothing was changed.`,
    };
  }
  try {
    const windows = host.platform === 'win32';
    const q = (p: string) => (windows ? `"${p}"` : shellQuote(p));
    const commands: string[] = [];
    for (const [i, step] of steps.entries()) {
      if (step.kind === 'mkdir')
        commands.push(windows ? `mkdir ${q(step.path)}` : `mkdir -m 755 -- ${q(step.path)}`);
      else if (step.kind === 'write') {
        const staged = join(staging, `${i}.json`);
        await writeFile(staged, step.text);
        commands.push(
          windows
            ? `copy /Y ${q(staged)} ${q(step.path)}`
            : `cp -- ${q(staged)} ${q(step.path)} && chmod 644 -- ${q(step.path)}`,
        );
      } else if (step.kind === 'remove')
        commands.push(windows ? `del /F ${q(step.path)}` : `rm -- ${q(step.path)}`);
      else commands.push(windows ? `rmdir ${q(step.path)}` : `rmdir -- ${q(step.path)}`);
    }
    const { exec } = await import('@vscode/sudo-prompt');
    const failure = await new Promise<Error | undefined>((done) =>
      exec(commands.join(' && '), { name: 'Hookpanel' }, (error) => done(error)),
    );
    return failure
      ? {
          kind: 'failed',
          message: `Could not get administrator rights to change ${dirname(steps.at(-1)!.path)}: ${failure.message}. Nothing was changed.`,
        }
      : null;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Remembers which folders `on` created (kept across a rewrite), forgotten once `off` is done. */
async function saveRecord(host: HostEnv, plan: ClaudeGuardPlan): Promise<void> {
  const path = guardRecordPath(host);
  if (!plan.on) {
    rmSync(path, { force: true });
    return;
  }
  const before = await readFile(path, 'utf8').then(
    (t) => (JSON.parse(t) as GuardRecord).created,
    () => [],
  );
  const record: GuardRecord = { file: plan.file, created: [...new Set([...before, ...plan.creates])] };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(record, null, 2)}\n`);
}
