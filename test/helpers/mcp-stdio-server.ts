// The tests' MCP server as a program over stdio. MCP_TEST_LOG names the call log; MCP_TEST_CRASH
// makes it fail on start the way a misconfigured server does (a message on stderr, then exit).
import { appendFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { testMcpServer } from './mcp-test-server.js';

const log = process.env.MCP_TEST_LOG ?? null;
if (process.env.MCP_TEST_CRASH) {
  process.stderr.write(`fatal: cannot read ${process.env.MCP_TEST_CRASH}\n`);
  process.exit(3);
}
if (log) appendFileSync(log, `${JSON.stringify({ pid: process.pid, started: true })}\n`);
await testMcpServer(log).connect(new StdioServerTransport());
