// The `agent` handler (pw/claude): a bounded, read-only mini-agent. It may list, read and search files
// under the workspace (nothing else, nothing outside it) before returning the same {"ok","reason"} verdict
// a prompt hook gives. Bounded in turns and in output tokens.
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { HostEnv } from '../paths.js';
import type { ModelSettings } from '../settings/settings.js';
import {
  DEFAULT_PROMPT_MODEL,
  expandArguments,
  messagesEndpoint,
  readVerdict,
  verdictAnswer,
} from './prompt.js';
import { resultClock, type HandlerResult } from './runtime.js';

export const AGENT_MAX_TURNS = 8;
const MAX_TOKENS = 1024;
const READ_LIMIT = 64 * 1024;
const INSTRUCTION =
  'You are a hook that checks one event of a coding agent. You may inspect the workspace with the tools (read-only). When you know, answer with only a JSON object {"ok": true} to let it proceed, or {"ok": false, "reason": "…"} to stop it.';

const TOOLS = [
  {
    name: 'list_files',
    description: 'List the entries of a folder in the workspace.',
    input_schema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'relative to the workspace; "." for its root' } },
      required: ['path'],
    },
  },
  {
    name: 'read_file',
    description: 'Read a text file in the workspace (first 64 KiB).',
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'search',
    description: 'Find files under a folder whose text contains a string.',
    input_schema: {
      type: 'object',
      properties: { path: { type: 'string' }, text: { type: 'string' } },
      required: ['path', 'text'],
    },
  },
];

/** A path inside the workspace, following symlinks, or an error saying it is outside. */
async function inside(workspace: string, path: unknown): Promise<string> {
  if (typeof path !== 'string') throw new Error('path must be a string');
  const root = await realpath(workspace);
  const full = await realpath(resolve(root, path)).catch(() => resolve(root, path));
  const rel = relative(root, full);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${path} is outside the workspace`);
  return full;
}

export async function runTool(
  workspace: string,
  name: string,
  input: Record<string, unknown>,
): Promise<string> {
  try {
    const path = await inside(workspace, input.path);
    if (name === 'list_files')
      return (await readdir(path, { withFileTypes: true }))
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
        .join('\n');
    if (name === 'read_file') {
      if ((await stat(path)).size > READ_LIMIT)
        return (await readFile(path)).subarray(0, READ_LIMIT).toString('utf8');
      return await readFile(path, 'utf8');
    }
    if (name === 'search') {
      const needle = String(input.text ?? '');
      const hits: string[] = [];
      const walk = async (dir: string, depth: number) => {
        if (depth > 6 || hits.length >= 50) return;
        for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
          if (e.name === '.git' || e.name === 'node_modules') continue;
          const p = join(dir, e.name);
          if (e.isDirectory()) await walk(p, depth + 1);
          else if (
            e.isFile() &&
            (await stat(p)).size <= READ_LIMIT &&
            (await readFile(p, 'utf8').catch(() => '')).includes(needle)
          )
            hits.push(relative(workspace, p));
        }
      };
      await walk(path, 0);
      return hits.join('\n') || '(no matches)';
    }
    return `unknown tool ${name}`;
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

type Block = { type: string; text?: string; id?: string; name?: string; input?: Record<string, unknown> };

export async function runAgent(
  prompt: string,
  model: string | null,
  payload: unknown,
  workspace: string,
  timeoutMs: number,
  host: HostEnv,
  endpointSettings: ModelSettings | null,
  signal?: AbortSignal,
): Promise<HandlerResult> {
  const done = resultClock();
  const endpoint = messagesEndpoint(host, endpointSettings);
  if ('error' in endpoint) return done({ spawnError: endpoint.error });
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
  const messages: { role: string; content: unknown }[] = [
    { role: 'user', content: expandArguments(prompt, payload) },
  ];
  const log: string[] = [];
  try {
    for (let turn = 0; turn < AGENT_MAX_TURNS; turn++) {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: endpoint.headers,
        body: JSON.stringify({
          model: model ?? DEFAULT_PROMPT_MODEL,
          max_tokens: MAX_TOKENS,
          system: INSTRUCTION,
          tools: TOOLS,
          messages,
        }),
        signal: deadline,
      });
      const body = await res.text();
      if (!res.ok)
        return done({
          spawnError: `the model endpoint answered HTTP ${res.status}`,
          stderrTail: body.slice(-2000),
        });
      const content = ((JSON.parse(body) as { content?: Block[] }).content ?? []) as Block[];
      const calls = content.filter((c) => c.type === 'tool_use');
      if (!calls.length) {
        const reply = content
          .filter((c) => c.type === 'text')
          .map((c) => c.text ?? '')
          .join('');
        const verdict = readVerdict(reply);
        if (!verdict)
          return done({
            spawnError: `the agent's reply is not a verdict {"ok": …}: ${reply.slice(0, 200)}`,
            stdoutTail: [...log, reply].join('\n').slice(-4000),
          });
        return done({
          exitCode: 0,
          stdout: verdictAnswer(verdict, 'agent'),
          stdoutTail: [...log, reply].join('\n').slice(-4000),
        });
      }
      messages.push({ role: 'assistant', content });
      const results = [];
      for (const call of calls) {
        const out = await runTool(workspace, call.name ?? '', call.input ?? {});
        log.push(`${call.name}(${JSON.stringify(call.input)}) → ${out.length} chars`);
        results.push({ type: 'tool_result', tool_use_id: call.id, content: out });
      }
      messages.push({ role: 'user', content: results });
    }
    return done({
      spawnError: `the agent did not decide within ${AGENT_MAX_TURNS} turns`,
      stdoutTail: log.join('\n'),
    });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    return done({
      timedOut,
      spawnError: timedOut
        ? `the agent gave no verdict within ${timeoutMs} ms`
        : `the model endpoint could not be reached: ${(e as Error).message}`,
      stdoutTail: log.join('\n'),
    });
  }
}
