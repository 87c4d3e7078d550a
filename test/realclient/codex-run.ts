// Running the real Codex CLI offline: `codex exec` against the Responses API stub, in a test's
// temporary HOME (so ~/.codex is the test's), never touching the user's own Codex home.
import { join } from 'node:path';
import { execa } from 'execa';
import {
  withCodexAppServer,
  type CodexAppServer,
  type CodexAppServerOptions,
} from '../../electron/host/dialects/codex/app-server.js';
import type { TestEnv } from '../helpers/env.js';
import type { InstalledAgent } from './agents.js';

export interface AgentRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function codexHome(env: TestEnv): string {
  return join(env.home, '.codex');
}

/** The environment Codex runs in: the test's HOME, with Codex's home at its default (~/.codex). */
export function codexEnv(env: TestEnv): NodeJS.ProcessEnv {
  return { ...env.processEnv, NO_COLOR: '1' };
}

/** Codex's app server, where the suite has installed Codex: its not being there is a failure here. */
export async function withInstalledCodex<T>(
  opts: CodexAppServerOptions,
  fn: (server: CodexAppServer) => Promise<T>,
): Promise<T> {
  const run = await withCodexAppServer(opts, fn);
  if (run.kind === 'not-installed') throw new Error(run.message);
  return run.value;
}

/** A person's own Codex files, as they keep them: their own hook beside connect's, and settings. */
export const PERSON_HOOKS = `{
  "hooks": {
    "PostToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "true", "timeout": 5 }] }
    ]
  }
}
`;
export const PERSON_CONFIG = `# my Codex settings
approval_policy = "never"

[tui]
notifications = false
`;

/**
 * `codex exec`'s arguments for one offline turn in `cwd`. The model provider comes from `-c`
 * overrides, so config.toml stays free for what the test puts there (hooks, and the trust records
 * Codex writes).
 */
export function codexExecArgs(
  cwd: string,
  baseUrl: string,
  prompt: string,
  extraArgs: string[] = [],
): string[] {
  return [
    'exec',
    '--skip-git-repo-check',
    '--color',
    'never',
    // The stub's shell call must run as asked; Codex's own sandbox (bubblewrap) is not what is tested.
    '--sandbox',
    'danger-full-access',
    '--cd',
    cwd,
    '--model',
    'stub-model',
    '-c',
    'model_provider="hookpanel_stub"',
    '-c',
    `model_providers.hookpanel_stub={ name = "Hookpanel stub", base_url = "${baseUrl}", wire_api = "responses" }`,
    ...extraArgs,
    prompt,
  ];
}

/** One `codex exec` turn in the test's workspace. */
export async function runCodex(
  agent: InstalledAgent,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
  extraArgs: string[] = [],
): Promise<AgentRun> {
  const started = Date.now();
  const result = await execa(
    agent.command[0],
    [agent.command[1], ...codexExecArgs(env.workspace, baseUrl, prompt, extraArgs)],
    {
      cwd: env.workspace,
      env: codexEnv(env),
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 120_000,
      forceKillAfterDelay: 2_000,
    },
  );
  return {
    code: result.exitCode ?? null,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    ms: Date.now() - started,
  };
}
