// A small stand-in for OpenAI's Responses API on 127.0.0.1, so Codex runs offline: Codex points a
// `model_providers` entry (`wire_api = "responses"`) at it. Each main-loop request gets the next
// scripted turn, streamed as the server-sent events Codex reads.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Ask for one shell command, or answer with text (ending the turn). `tokens` is the usage the
 * response reports (default 15): above Codex's `model_auto_compact_token_limit`, Codex compacts.
 */
export type ResponsesTurn = (
  { shell: { callId: string; command: string; escalate?: { justification: string } } } | { text: string }
) & {
  tokens?: number;
};

export interface ResponsesRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ScriptContext {
  body: Record<string, unknown>;
  /** Main-loop requests before this one. */
  turn: number;
  /** What Codex sent back for each tool call so far (the command's output, or a hook's refusal). */
  toolOutputs: Map<string, string>;
}

export interface ResponsesStub {
  /** The base URL for `model_providers.<id>.base_url` (ends in /v1). */
  url: string;
  requests: ResponsesRequest[];
  close(): Promise<void>;
}

export async function startResponsesStub(
  script: (ctx: ScriptContext) => ResponsesTurn,
): Promise<ResponsesStub> {
  const requests: ResponsesRequest[] = [];
  let turns = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        // not JSON: recorded as an empty body
      }
      requests.push({ path: req.url ?? '', body });
      if (req.method !== 'POST' || !req.url?.endsWith('/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not stubbed"}}');
        return;
      }
      const turn = script({ body, turn: turns++, toolOutputs: toolOutputs(body) });
      stream(res, body, turn);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * The usual script: run `command`, then answer with whatever came back for it, so a test sees the
 * agent report the command's output or a hook's reason for refusing it.
 */
export function shellThenReport(
  command: string,
  callId = 'call_shell_1',
): (ctx: ScriptContext) => ResponsesTurn {
  return ({ toolOutputs }) => {
    const output = toolOutputs.get(callId);
    if (output === undefined) return { shell: { callId, command } };
    return { text: `The shell call came back with: ${output}` };
  };
}

function toolOutputs(body: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const input = Array.isArray(body.input) ? (body.input as Record<string, unknown>[]) : [];
  for (const item of input) {
    if (item.type !== 'function_call_output' || typeof item.call_id !== 'string') continue;
    out.set(item.call_id, typeof item.output === 'string' ? item.output : JSON.stringify(item.output));
  }
  return out;
}

/**
 * Codex 0.171 offers `exec_command` (unified exec); older versions offered `shell` with an argv.
 * `escalate` asks to run outside the sandbox, as a model does when it needs the person's approval.
 */
function shellCall(
  body: Record<string, unknown>,
  command: string,
  escalate?: { justification: string },
): { name: string; arguments: string } {
  const tools = (Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : []).map((t) => t.name);
  const ask = escalate ? { sandbox_permissions: 'require_escalated', ...escalate } : {};
  if (tools.includes('exec_command'))
    return { name: 'exec_command', arguments: JSON.stringify({ cmd: command, ...ask }) };
  if (tools.includes('shell'))
    return { name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', command], ...ask }) };
  throw new Error(`the request offers no shell tool (tools: ${tools.join(', ') || 'none'})`);
}

function stream(res: ServerResponse, body: Record<string, unknown>, turn: ResponsesTurn): void {
  const id = `resp_${Math.random().toString(36).slice(2, 10)}`;
  let item: Record<string, unknown>;
  try {
    item =
      'shell' in turn
        ? {
            type: 'function_call',
            call_id: turn.shell.callId,
            ...shellCall(body, turn.shell.command, turn.shell.escalate),
          }
        : {
            type: 'message',
            role: 'assistant',
            id: `msg_${id}`,
            content: [{ type: 'output_text', text: turn.text }],
          };
  } catch (e) {
    item = {
      type: 'message',
      role: 'assistant',
      id: `msg_${id}`,
      content: [{ type: 'output_text', text: `stub error: ${(e as Error).message}` }],
    };
  }
  const total = turn.tokens ?? 15;
  const usage = {
    input_tokens: total - 5,
    input_tokens_details: null,
    output_tokens: 5,
    output_tokens_details: null,
    total_tokens: total,
  };
  const events = [
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { id, usage } },
  ];
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
}
