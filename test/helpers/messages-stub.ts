// A small stand-in for the Anthropic Messages API on 127.0.0.1, so a real agent runs offline.
// It answers from a script: each main-loop request gets the next scripted turn.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubTurn =
  { toolUse: { id: string; name: string; input: Record<string, unknown> } } | { text: string };

export interface MessagesStub {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startMessagesStub(
  script: (request: Record<string, unknown>, mainTurn: number) => StubTurn,
): Promise<MessagesStub> {
  const requests: MessagesStub['requests'] = [];
  let mainTurns = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        // not JSON: answered below like any side request
      }
      requests.push({ path: req.url ?? '', body });
      if (!req.url?.startsWith('/v1/messages') || req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (req.url.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 10 }));
        return;
      }
      const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
      const main = tools.some((t) => t.name === 'Bash');
      const turn: StubTurn = main ? script(body, mainTurns++) : { text: 'ok' };
      respond(res, body, turn);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

function respond(
  res: import('node:http').ServerResponse,
  body: Record<string, unknown>,
  turn: StubTurn,
): void {
  const model = typeof body.model === 'string' ? body.model : 'claude-stub';
  const usage = {
    input_tokens: 10,
    output_tokens: 5,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  const block =
    'toolUse' in turn
      ? { type: 'tool_use', id: turn.toolUse.id, name: turn.toolUse.name, input: turn.toolUse.input }
      : { type: 'text', text: turn.text };
  const stop = 'toolUse' in turn ? 'tool_use' : 'end_turn';
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'msg_stub',
        type: 'message',
        role: 'assistant',
        model,
        content: [block],
        stop_reason: stop,
        stop_sequence: null,
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_stub',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  if ('toolUse' in turn) {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: turn.toolUse.id, name: turn.toolUse.name, input: {} },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(turn.toolUse.input) },
    });
  } else {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: turn.text },
    });
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
}
