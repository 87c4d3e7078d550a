// `hookpanel emit <dialect> <event>`: the bridge an agent calls as its hook. It hands the payload
// to the running host over the local socket, or runs the same engine in-process when none runs.
// This path is on every tool call, so it imports only node:http and what it cannot do without: the
// intake protocol with the dialects' bridge conventions (bundled into one file by npm run build) and,
// once the host answers, the answer check generated from the answer's schema.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import type { EmitAnswer } from '../../../shared/answer.js';
import {
  bridgeConventions,
  EMIT_PATH,
  KNOWN_DIALECTS,
  MAX_PAYLOAD_BYTES,
} from '../../host/intake/protocol.js';
import { homePaths, hostEnvFromProcess } from '../../host/paths.js';
import { UsageError } from '../output.js';

/** The answer check, loaded from the start so its loading overlaps reading stdin and the host's work. */
let answerCheck: Promise<typeof import('../answer.js')> | null = null;
function loadAnswerCheck(): Promise<typeof import('../answer.js')> {
  answerCheck ??= import('../answer.js');
  answerCheck.catch(() => {});
  return answerCheck;
}

export async function emit(argv: string[]): Promise<number> {
  void loadAnswerCheck();
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { project: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [dialect, event] = positionals;
  if (!dialect || !event || positionals.length > 2)
    throw new UsageError(
      'usage: hookpanel emit <dialect> <event> [--project DIR] [--json]  (payload JSON on stdin)',
    );
  const conventions = bridgeConventions(dialect);
  if (!conventions) throw new UsageError(`unknown dialect "${dialect}"; one of ${KNOWN_DIALECTS.join(', ')}`);
  const { payloadEnv, answerFileEnv } = conventions;
  let text = process.stdin.isTTY ? '' : await readStdin();
  // Some harnesses (arya) hand the payload over in the environment, never on stdin.
  if (!text.trim() && payloadEnv && process.env[payloadEnv]) text = process.env[payloadEnv];
  let payload: unknown = {};
  if (text.trim()) {
    try {
      payload = JSON.parse(text);
    } catch (e) {
      process.stderr.write(`hookpanel emit: the payload on stdin is not JSON (${(e as Error).message})\n`);
      return 1;
    }
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    process.stderr.write('hookpanel emit: the payload on stdin must be a JSON object\n');
    return 1;
  }
  const host = hostEnvFromProcess();
  const query = new URLSearchParams({ dialect, event, cwd: process.cwd() });
  if (values.project) query.set('project', values.project);
  if (process.env.HOOKPANEL_DISPATCH) query.set('parent', process.env.HOOKPANEL_DISPATCH);
  let answer = await viaSocket(homePaths(host).socket, `${EMIT_PATH}?${query}`, text.trim() ? text : '{}');
  if (!answer) {
    const { emitInProcess } = await import('./emit-local.js');
    answer = await emitInProcess(host, {
      dialect,
      event,
      payload: payload as Record<string, unknown>,
      project: values.project ?? null,
      callerCwd: process.cwd(),
      parentDispatch: process.env.HOOKPANEL_DISPATCH ?? null,
    });
  }
  if (values.json) {
    const { protocol: _protocol, ...rest } = answer;
    process.stdout.write(`${JSON.stringify(rest, null, 2)}\n`);
    return 0;
  }
  const { exitCode, stdout, stderr } = answer.protocol;
  // Some harnesses (chrys) read a blocking hook's verdict from a file an environment variable names.
  const answerFile = answerFileEnv ? process.env[answerFileEnv] : undefined;
  if (answerFile && stdout) writeFileSync(answerFile, stdout);
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  return exitCode;
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(c);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

/** The host's answer, or null when no host listens (then the engine runs in-process). */
function viaSocket(socketPath: string, path: string, body: string): Promise<EmitAnswer | null> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', async () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            return reject(new Error(`the host refused the event (${res.statusCode}): ${text}`));
          try {
            resolve((await loadAnswerCheck()).readAnswer(text));
          } catch (e) {
            reject(new Error(`the host answered something unreadable: ${(e as Error).message}`));
          }
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED' || e.code === 'ENOTSOCK') resolve(null);
      else reject(e);
    });
    req.end(body);
  });
}
