// A small stand-in for OpenAI's chat-completions API on 127.0.0.1, so agents that speak it (Qwen Code
// with `--auth-type openai`, opencode through its bundled `@ai-sdk/openai-compatible`) run offline.
// Each request that offers tools gets the next scripted turn, streamed as server-sent events when the
// request asks for a stream, else as one JSON body; requests without tools (an agent's side calls:
// titles, summaries) get a short text.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Ask for one call of the agent's shell tool, or answer with text (ending the turn). */
export type ChatTurn = { shell: { callId: string; command: string } } | { text: string };

export interface ChatRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ChatScriptContext {
  body: Record<string, unknown>;
  /** What the agent sent back for each tool call so far (the command's output, or a hook's refusal). */
  toolOutputs: Map<string, string>;
}

export interface ChatStub {
  /** The base URL (ends in /v1). */
  url: string;
  requests: ChatRequest[];
  /** Requests that offered tools: the agent's main loop. */
  mainRequests(): ChatRequest[];
  close(): Promise<void>;
}

/** The names agents give their shell tool, first match wins. */
const SHELL_TOOLS = ['run_shell_command', 'Execute', 'Bash', 'shell', 'bash'];

export async function startChatStub(script: (ctx: ChatScriptContext) => ChatTurn): Promise<ChatStub> {
  const requests: ChatRequest[] = [];
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
      if (req.method === 'GET' && req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'stub-model', object: 'model' }] }));
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not stubbed"}}');
        return;
      }
      const tools = toolNames(body);
      const turn: ChatTurn = tools.length
        ? script({ body, toolOutputs: toolOutputs(body) })
        : { text: 'stub side answer' };
      answer(res, body, turn, tools);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    mainRequests: () => requests.filter((r) => toolNames(r.body).length > 0),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Run `command`, then answer with whatever came back for it: the output, or a hook's refusal. */
export function shellThenReportChat(
  command: string,
  callId = 'call_shell_1',
): (ctx: ChatScriptContext) => ChatTurn {
  return ({ toolOutputs }) => {
    const output = toolOutputs.get(callId);
    if (output === undefined) return { shell: { callId, command } };
    return { text: `The shell call came back with: ${output}` };
  };
}

function toolNames(body: Record<string, unknown>): string[] {
  const tools = Array.isArray(body.tools) ? (body.tools as { function?: { name?: string } }[]) : [];
  return tools.map((t) => t.function?.name ?? '').filter(Boolean);
}

function toolOutputs(body: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
  for (const m of messages) {
    if (m.role !== 'tool' || typeof m.tool_call_id !== 'string') continue;
    out.set(m.tool_call_id, typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
  }
  return out;
}

function answer(res: ServerResponse, body: Record<string, unknown>, turn: ChatTurn, tools: string[]): void {
  const id = `chatcmpl_${Math.random().toString(36).slice(2, 10)}`;
  let message: Record<string, unknown>;
  if ('shell' in turn) {
    const name = SHELL_TOOLS.find((t) => tools.includes(t));
    message = name
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: turn.shell.callId,
              type: 'function',
              // opencode's bash tool requires a description; the others accept one.
              function: {
                name,
                arguments: JSON.stringify({ command: turn.shell.command, description: 'Runs the command' }),
              },
            },
          ],
        }
      : { role: 'assistant', content: `stub error: no shell tool among ${tools.join(', ')}` };
  } else message = { role: 'assistant', content: turn.text };
  const finish = 'tool_calls' in message ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const base = { id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model };
  if (body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...base, choices: [{ index: 0, message, finish_reason: finish }], usage }));
    return;
  }
  const delta: Record<string, unknown> = { role: 'assistant', content: message.content ?? null };
  if (Array.isArray(message.tool_calls))
    delta.tool_calls = (message.tool_calls as Record<string, unknown>[]).map((c, index) => ({ index, ...c }));
  const chunk = { ...base, object: 'chat.completion.chunk' };
  const events = [
    { ...chunk, choices: [{ index: 0, delta, finish_reason: null }] },
    { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage },
  ];
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n');
}
