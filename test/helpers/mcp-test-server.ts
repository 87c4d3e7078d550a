// A small MCP server written for the tests, spoken to over stdio (mcp-stdio-server.ts) or streamable
// HTTP on 127.0.0.1 (startHttpMcpServer). Every call is logged as one JSON line, so tests can see
// exactly what arguments arrived and which process answered.
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';

export interface CallLog {
  pid: number;
  tool: string;
  args: Record<string, unknown>;
  headers?: IncomingHttpHeaders;
}

/**
 * Tools: `answer` replies with `args.text` (a decision JSON, or plain text); `echo` replies with the
 * arguments it got as context; `structured` replies with only structuredContent; `fail` is a tool
 * error; `slow` sleeps `args.ms` first; `crash` ends the server's process mid-call.
 */
export function testMcpServer(logFile: string | null, headers?: IncomingHttpHeaders): Server {
  const server = new Server({ name: 'hookpanel-test', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = ['answer', 'echo', 'structured', 'fail', 'slow', 'crash'];
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((name) => ({ name, inputSchema: { type: 'object' as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const args = req.params.arguments ?? {};
    if (logFile)
      appendFileSync(
        logFile,
        `${JSON.stringify({ pid: process.pid, tool: req.params.name, args, headers } satisfies CallLog)}\n`,
      );
    const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
    switch (req.params.name) {
      case 'answer':
        return text(String(args.text ?? ''));
      case 'echo':
        return text(JSON.stringify({ hookSpecificOutput: { additionalContext: JSON.stringify(args) } }));
      case 'structured':
        return {
          content: [],
          structuredContent: { decision: 'block', reason: String(args.reason ?? 'structured says no') },
        };
      case 'fail':
        return { isError: true, content: [{ type: 'text', text: 'the policy database is down' }] };
      case 'crash':
        process.exit(7);
        break;
      case 'slow':
        await new Promise((r) => setTimeout(r, Number(args.ms ?? 10_000)));
        return text('{}');
      default:
        throw new Error(`unknown tool ${req.params.name}`);
    }
  });
  return server;
}

/** A stateless streamable-HTTP MCP server on 127.0.0.1; each request gets its own server instance. */
export async function startHttpMcpServer(logFile: string): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    const server = testMcpServer(logFile, req.headers);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}
