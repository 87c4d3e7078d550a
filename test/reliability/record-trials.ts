// Nothing answered is lost: a host SIGKILLed while answering events must leave every event it had
// answered in History, for the next reader to find. Shared by the reliability tier and
// `npm run bench -- reliability`.
import { request } from 'node:http';
import { runCli } from '../helpers/cli.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe, type RunningHost } from '../helpers/serve.js';
import type { Figures } from './process-trials.js';

/** Events sent at once each round; the host is killed as soon as KILL_AFTER of them are answered. */
const EVENTS = 24;
const KILL_AFTER = 4;

/** One event on /v1/emit: its event id once the whole answer is in, null if the host died first. */
function emitted(env: TestEnv, socket: string, event: string): Promise<string | null> {
  const payload = JSON.stringify({ session_id: 's', cwd: env.workspace, tool_name: 'Bash', tool_input: {} });
  const path = `/v1/emit?dialect=claude&event=${event}&cwd=${encodeURIComponent(env.workspace)}`;
  return new Promise((resolve) => {
    const req = request({ socketPath: socket, path, method: 'POST' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        try {
          resolve(res.statusCode === 200 ? (JSON.parse(body) as { eventId: string }).eventId : null);
        } catch {
          resolve(null); // cut short by the kill
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end(payload);
  });
}

/**
 * `rounds` times: EVENTS events at once (half run a `true` hook, half match no rule) to a real
 * `hookpanel serve`, SIGKILLed as soon as KILL_AFTER are answered. `lost` counts events answered whose
 * summary `hookpanel history` then does not show; `trials` the events answered.
 */
export async function answeredKillTrials(rounds: number): Promise<Figures> {
  const env = makeEnv();
  env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
    }),
  );
  let serve: RunningHost | null = null;
  const f = { trials: 0, lost: 0, crashes: 0 };
  const answered: string[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const host = (serve = await startServe(env));
      let inRound = 0;
      await Promise.all(
        Array.from({ length: EVENTS }, (_, i) =>
          emitted(env, host.socket, i % 2 ? 'PostToolUse' : 'PreToolUse').then((id) => {
            if (id === null) return;
            answered.push(id);
            if (++inRound === KILL_AFTER) void host.stop('SIGKILL');
          }),
        ),
      );
      await host.stop('SIGKILL');
      // Killed by the trial, not by itself: a host that died before being told to is a crash.
      if (host.child.signalCode !== 'SIGKILL') f.crashes++;
    }
    serve = null;
    const listed = await runCli(['history', '--events', '--json', '--limit', String(rounds * EVENTS)], {
      env: env.processEnv,
      timeoutMs: 60_000,
    });
    if (listed.code !== 0) throw new Error(`hookpanel history failed: ${listed.stderr}`);
    const kept = new Set((JSON.parse(listed.stdout) as { events: { id: string }[] }).events.map((e) => e.id));
    f.trials = answered.length;
    f.lost = answered.filter((id) => !kept.has(id)).length;
    return f;
  } finally {
    await serve?.stop('SIGKILL');
    await env.cleanup();
  }
}
