// A small stand-in for the Gemini API on 127.0.0.1, so Gemini CLI runs offline: the CLI reads
// GOOGLE_GEMINI_BASE_URL. Main-loop requests (streamed, with tools) get the next scripted turn;
// side requests (routing, next-speaker checks, token counts) get a harmless JSON answer.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Ask for one shell command (Gemini's `run_shell_command`), or answer with text. */
export type GeminiTurn = { shell: { command: string } } | { text: string };

export interface GeminiRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface GeminiScriptContext {
  body: Record<string, unknown>;
  turn: number;
  /** What the CLI sent back for each function call so far: the tool's output, or a hook's refusal. */
  toolResults: { name: string; response: unknown }[];
}

export interface GeminiStub {
  /** The value for GOOGLE_GEMINI_BASE_URL. */
  url: string;
  requests: GeminiRequest[];
  /** Main-loop requests only. */
  mainRequests(): GeminiRequest[];
  close(): Promise<void>;
}

export async function startGeminiStub(script: (ctx: GeminiScriptContext) => GeminiTurn): Promise<GeminiStub> {
  const requests: GeminiRequest[] = [];
  const main: GeminiRequest[] = [];
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
      const record = { path: req.url ?? '', body };
      requests.push(record);
      const url = req.url ?? '';
      if (req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not stubbed"}}');
        return;
      }
      if (url.includes(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ totalTokens: 10 }));
        return;
      }
      const isMain = url.includes(':streamGenerateContent') && Array.isArray(body.tools);
      let answer: Record<string, unknown>;
      if (isMain) {
        main.push(record);
        answer = response(script({ body, turn: turns++, toolResults: toolResults(body) }));
      } else {
        // Routing and next-speaker checks ask for JSON; this one satisfies both and steers nothing.
        answer = response({ text: '{"reasoning":"stub","next_speaker":"user","complexity_score":1}' });
      }
      send(res, url, answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    mainRequests: () => [...main],
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Run `command`, then answer with whatever came back for it (its output, or a hook's reason). */
export function shellThenReportGemini(command: string): (ctx: GeminiScriptContext) => GeminiTurn {
  return ({ toolResults: results }) => {
    const last = results.at(-1);
    if (!last) return { shell: { command } };
    return { text: `The shell call came back with: ${JSON.stringify(last.response)}` };
  };
}

function toolResults(body: Record<string, unknown>): GeminiScriptContext['toolResults'] {
  const contents = Array.isArray(body.contents) ? (body.contents as { parts?: unknown[] }[]) : [];
  const out: GeminiScriptContext['toolResults'] = [];
  for (const part of contents.flatMap((c) => (Array.isArray(c.parts) ? c.parts : []))) {
    const fr = (part as { functionResponse?: { name?: string; response?: unknown } }).functionResponse;
    if (fr) out.push({ name: fr.name ?? '', response: fr.response });
  }
  return out;
}

function response(turn: GeminiTurn): Record<string, unknown> {
  const part =
    'shell' in turn
      ? { functionCall: { name: 'run_shell_command', args: { command: turn.shell.command } } }
      : { text: turn.text };
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'stub',
  };
}

function send(res: ServerResponse, url: string, answer: Record<string, unknown>): void {
  if (url.includes('alt=sse')) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(`data: ${JSON.stringify(answer)}\n\n`);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }
}
