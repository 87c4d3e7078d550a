import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, type TestEnv } from './env.js';

/** The Claude Code binary the npm package ships, or null with the reason it is missing. */
export function claudeBinary(): { path: string | null; why: string } {
  const candidates = [
    join(REPO, 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, 'claude'),
    join(REPO, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'),
  ];
  const found = candidates.find((p) => existsSync(p));
  return found
    ? { path: found, why: '' }
    : {
        path: null,
        why: `no Claude Code binary in node_modules (looked for ${candidates.join(', ')}); run npm ci`,
      };
}

/** Runs one offline `claude -p` turn against the stub Messages API. */
export function runClaude(
  bin: string,
  env: TestEnv,
  baseUrl: string,
  prompt: string,
  extraArgs: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      bin,
      [
        '-p',
        prompt,
        '--output-format',
        'json',
        '--allowedTools',
        'Bash',
        '--model',
        'claude-sonnet-4-5',
        ...extraArgs,
      ],
      {
        cwd: env.workspace,
        env: {
          ...env.processEnv,
          ANTHROPIC_BASE_URL: baseUrl,
          ANTHROPIC_API_KEY: 'sk-ant-offline-test',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          DISABLE_ERROR_REPORTING: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
