// The tests' MCP server as a program over stdio. MCP_TEST_LOG names the call log; MCP_TEST_CRASH
// makes it fail on start the way a misconfigured server does (a message on stderr, then exit);
// MCP_TEST_SLOW_START delays it by that many milliseconds, like a server that downloads first;
// MCP_TEST_CHILD makes it start a long-lived child of its own, as wrapper-launched servers have.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { testMcpServer } from './mcp-test-server.js';

const log = process.env.MCP_TEST_LOG ?? null;
if (process.env.MCP_TEST_CRASH) {
  process.stderr.write(`fatal: cannot read ${process.env.MCP_TEST_CRASH}\n`);
  process.exit(3);
}
if (process.env.MCP_TEST_SLOW_START)
  await new Promise((r) => setTimeout(r, Number(process.env.MCP_TEST_SLOW_START)));
if (process.env.MCP_TEST_CHILD) spawn('sleep', ['300'], { stdio: 'ignore' });
if (log) appendFileSync(log, `${JSON.stringify({ pid: process.pid, started: true })}\n`);
await testMcpServer(log).connect(new StdioServerTransport());
