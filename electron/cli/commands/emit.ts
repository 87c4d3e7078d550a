// `hookpanel emit <dialect> <event>`: the bridge an agent calls as its hook. It hands the payload
// to the running host over the local socket, or runs the same engine in-process when none runs (or
// the host dies with the event in flight). Whatever fails, it answers in one line, and a guard event
// is blocked rather than let through (refusal.ts).
// This path is on every tool call, so it imports only node:http and what it cannot do without: the
// intake protocol with the dialects' bridge conventions (bundled into one file by npm run build) and,
// once the host answers, the answer check generated from the answer's schema (emit-socket.ts).
import { readFileSync, statSync, writeFileSync } from '../../host/builtins.js';
import { join } from 'node:path';
import type { EmitAnswer } from '../../../shared/answer.js';
import type { Dialect } from '../../../shared/dialects.js';
import { MAX_PAYLOAD_BYTES, oneLine, parsePayload, tooLarge } from '../../host/intake/payload.js';
import {
  bridgeConventions,
  EMIT_PATH,
  KNOWN_DIALECTS,
  type BridgeConventions,
} from '../../host/intake/protocol.js';
import { homePaths, hostEnvFromProcess } from '../../host/paths.js';
import { exitOnceFlushed } from '../exit-flushed.js';
import { UsageError } from '../output.js';
import { postToHost, silentHost, type HostReply } from './emit-socket.js';

/** `hookpanel emit <dialect> <event> [--project DIR] [--json]`, filled from its entry in definitions.ts. */
export interface EmitInput {
  dialect: string;
  event: string;
  project?: string;
  json?: boolean;
}

export async function emit(values: EmitInput): Promise<number> {
  const { dialect, event } = values;
  const conventions = bridgeConventions(dialect);
  if (!conventions) throw new UsageError(`unknown dialect "${dialect}"; one of ${KNOWN_DIALECTS.join(', ')}`);
  let answered: Answered;
  try {
    answered = await run(dialect as Dialect, event, values.project ?? null, conventions);
  } catch (e) {
    answered = await failed(dialect as Dialect, event, `emit failed: ${(e as Error).message}`);
  }
  const { answer, ran, fallback, problems = [] } = answered;
  if (answered.notice) process.stderr.write(`hookpanel: ${answered.notice}\n`);
  if (values.json) {
    if (fallback) process.stderr.write(`hookpanel: ${fallback}\n`);
    for (const p of problems) process.stderr.write(`hookpanel: ${p}\n`);
    const { protocol: _protocol, ...rest } = answer;
    process.stdout.write(`${JSON.stringify(rest, null, 2)}\n`);
    return answered.byHost ? exitOnceFlushed(0) : ran ? 0 : 1;
  }
  const { exitCode, stdout, stderr } = answer.protocol;
  // Some harnesses (chrys) read a blocking hook's verdict from a file an environment variable names.
  const answerFile = conventions.answerFileEnv ? process.env[conventions.answerFileEnv] : undefined;
  if (answerFile && stdout) writeFileSync(answerFile, stdout);
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  // In the harness's protocol stderr is the block reason (or an error it shows): Hookpanel's own
  // problems (its history could not be written, say) go there only when the answer leaves it unused.
  else if (exitCode === 0) for (const p of problems) process.stderr.write(`hookpanel: ${p}\n`);
  // The host did the work: nothing is left here but the exit. Run here, the engine's own ending (its
  // reaper handed off, the compile cache written) is left to Node.
  return answered.byHost ? exitOnceFlushed(exitCode) : exitCode;
}

/** The answer, and whether the event was run (else the answer says why not). */
interface Answered {
  answer: EmitAnswer;
  ran: boolean;
  /** Why the host's answer was not used, when the host failed (rather than not running). */
  fallback?: string | null;
  /** Said on stderr whatever the output: the first event to find the host silent says so (sayOnce). */
  notice?: string | null;
  /** Hookpanel's own problems while it ran the event here (never part of the answer). */
  problems?: string[];
  /** The running host's answer: nothing was run in this process. */
  byHost?: boolean;
}

async function run(
  dialect: Dialect,
  event: string,
  project: string | null,
  { payloadEnv }: BridgeConventions,
): Promise<Answered> {
  // The fast path read the payload and could not keep it (hookpanel-hook.sh): no event to run, and a
  // guard blocks.
  const lost = process.env.HOOKPANEL_PAYLOAD_LOST;
  delete process.env.HOOKPANEL_PAYLOAD_LOST;
  if (lost) return failed(dialect, event, lost);
  const input = process.stdin.isTTY ? { text: '', bytes: 0 } : await readStdin();
  let text = input.text;
  // Some harnesses (arya) hand the payload over in the environment, never on stdin.
  if (!text.trim() && payloadEnv && process.env[payloadEnv]) text = process.env[payloadEnv];
  const checked = input.bytes > MAX_PAYLOAD_BYTES ? tooLarge(input.bytes) : parsePayload(text);
  if (!checked.ok) return failed(dialect, event, checked.message);
  // The fast path already waited on a silent host (hookpanel-hook.sh): not again. Not for our hooks either.
  const knownSilent = process.env.HOOKPANEL_HOST_SILENT === '1';
  delete process.env.HOOKPANEL_HOST_SILENT;
  const host = hostEnvFromProcess();
  const paths = homePaths(host);
  const query = new URLSearchParams({ dialect, event, cwd: process.cwd() });
  if (project) query.set('project', project);
  if (process.env.HOOKPANEL_DISPATCH) query.set('parent', process.env.HOOKPANEL_DISPATCH);
  const reply: HostReply = knownSilent
    ? { kind: 'unavailable', why: silentHost(), noHost: false, silent: true }
    : await postToHost(paths.socket, `${EMIT_PATH}?${query}`, text.trim() ? text : '{}');
  if (reply.kind === 'answer') return { answer: reply.answer, ran: true, byHost: true };
  if (reply.kind === 'refused') return failed(dialect, event, reply.message);
  // The host failed rather than being absent: the event runs here, and --json says why (in the
  // harness's own protocol stderr is the block reason, so only a silent host is said there, once).
  const fallback = reply.noHost ? null : `${oneLine(reply.why)}; ran the event here instead`;
  const notice =
    reply.kind === 'unavailable' && reply.silent && sayOnce(paths.runDir, paths.socket)
      ? `${reply.why}; events run without it until it answers`
      : null;
  const { emitInProcess } = await import('./emit-local.js');
  const problems: string[] = [];
  const answer = await emitInProcess(
    host,
    {
      dialect,
      event,
      payload: checked.payload,
      project,
      callerCwd: process.cwd(),
      parentDispatch: process.env.HOOKPANEL_DISPATCH ?? null,
    },
    (line) => problems.push(oneLine(line)),
  );
  return { answer, ran: true, fallback, notice, problems };
}

/**
 * Whether this is the first event to find this host silent: the socket's identity is kept in the run
 * folder, so a host that stays stopped is said once, not on every tool call (a new host, once again).
 */
function sayOnce(runDir: string, socket: string): boolean {
  let who = '';
  try {
    const s = statSync(socket);
    who = `${s.ino}:${s.ctimeMs}`;
  } catch {
    // gone meanwhile: said
  }
  const marker = join(runDir, 'host-silent');
  try {
    if (readFileSync(marker, 'utf8') === who) return false;
  } catch {
    // not said yet
  }
  try {
    writeFileSync(marker, who, { mode: 0o600 });
  } catch {
    // said again next time
  }
  return true;
}

/** The event was not run: a one-line message, and a block on guard events. */
async function failed(dialect: Dialect, event: string, message: string): Promise<Answered> {
  const { failureAnswer } = await import('../../host/intake/refusal.js');
  return { answer: await failureAnswer(dialect, event, oneLine(message)), ran: false };
}

/** stdin, and how many bytes it held: past the limit the rest is counted, not kept. */
function readStdin(): Promise<{ text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    process.stdin.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes <= MAX_PAYLOAD_BYTES) chunks.push(c);
    });
    process.stdin.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), bytes }));
    process.stdin.on('error', reject);
  });
}
