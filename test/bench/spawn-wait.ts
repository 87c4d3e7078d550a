// One process run to its end, as the benchmarks' yardsticks and clients run it.
import { spawn } from 'node:child_process';

export function spawnWait(
  argv: string[],
  opts: { env?: Record<string, string>; input?: string; cwd?: string; capture?: boolean } = {},
): Promise<number | null> {
  return new Promise((resolve) => {
    // capture: what any hook runner must do at the least: read stdout and stderr, own process group.
    const child = spawn(argv[0]!, argv.slice(1), {
      env: opts.env,
      cwd: opts.cwd,
      stdio: ['pipe', opts.capture ? 'pipe' : 'ignore', opts.capture ? 'pipe' : 'ignore'],
      detached: !!opts.capture,
    });
    child.stdout?.on('data', () => {});
    child.stderr?.on('data', () => {});
    child.on('close', resolve);
    child.stdin!.on('error', () => {}); // a program that does not read stdin closes it early
    child.stdin!.end(opts.input ?? '');
  });
}
