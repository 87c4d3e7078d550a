// A small stand-in for OpenAI's chat-completions API on 127.0.0.1, so agents that speak it (opencode,
// through its bundled `@ai-sdk/openai-compatible` provider with a `baseURL`) run offline. Each request
// for a reply gets the next scripted turn, streamed as the server-sent events the SDK reads.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Ask for one tool call (a name the request offers, and its arguments), or answer with text. */
export type ChatTurn =
  { tool: { callId: string; name: string; args: Record<string, unknown> } } | { text: string };

export interface ChatRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ChatScriptContext {
  body: Record<string, unknown>;
  /** What the agent sent back for each tool call so far (the tool's output, or why it did not run). */
  toolOutputs: Map<string, string>;
  /** The tool names the request offers. */
  tools: string[];
}

export interface ChatCompletionsStub {
  /** The base URL for the provider's `baseURL` (ends in /v1). */
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

export async function startChatCompletionsStub(
  script: (ctx: ChatScriptContext) => ChatTurn,
): Promise<ChatCompletionsStub> {
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
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not stubbed"}}');
        return;
      }
      const tools = (Array.isArray(body.tools) ? (body.tools as { function?: { name?: string } }[]) : [])
        .map((t) => t.function?.name ?? '')
        .filter(Boolean);
      // A request with no tools is the agent's side work (a title for the session): plain text.
      const turn = tools.length
        ? script({ body, toolOutputs: toolOutputs(body), tools })
        : { text: 'Stub session' };
      stream(res, turn);
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
 * The usual script: call the shell tool with `command`, then answer with whatever came back for it, so
 * a test sees the agent report the command's output or a hook's reason for refusing it.
 */
export function shellThenReportChat(
  shellTool: string,
  command: string,
  callId = 'call_shell_1',
): (ctx: ChatScriptContext) => ChatTurn {
  return ({ toolOutputs, tools }) => {
    const output = toolOutputs.get(callId);
    if (output !== undefined) return { text: `The shell call came back with: ${output}` };
    if (!tools.includes(shellTool))
      return { text: `stub error: the request offers no ${shellTool} tool (${tools.join(', ')})` };
    return { tool: { callId, name: shellTool, args: { command, description: 'Runs the command' } } };
  };
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

function stream(res: ServerResponse, turn: ChatTurn): void {
  const id = `chatcmpl_${Math.random().toString(36).slice(2, 10)}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'stub',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks =
    'tool' in turn
      ? [
          chunk(
            {
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: turn.tool.callId,
                  type: 'function',
                  function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.args) },
                },
              ],
            },
            null,
          ),
          chunk({}, 'tool_calls'),
        ]
      : [chunk({ role: 'assistant', content: turn.text }, null), chunk({}, 'stop')];
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
  res.write(`data: ${JSON.stringify({ ...chunk({}, null), choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}
