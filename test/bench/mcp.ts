// mcp_tool hooks: an engine dispatch that calls a tool on a running (reused) stdio server, against the
// bare SDK client calling the same tool on its own copy of the server, and the first call's start cost.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { HookHost } from '../../electron/host/service.js';
import { benchHome } from './env.js';
import { measure, report } from './measure.js';

const SERVER = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'helpers', 'mcp-stdio-server.js');

export async function benchMcp(): Promise<void> {
  console.log('\nmcp_tool hooks');
  const b = benchHome();
  const ws = join(b.root, 'ws');
  const server = { command: process.execPath, args: [SERVER] };
  b.write(
    'home/.config/pw/code.json',
    JSON.stringify({
      mcpServers: { policy: server },
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'mcp_tool', server: 'policy', tool: 'answer', input: { text: '{}' } }] },
        ],
      },
    }),
  );
  const client = new Client({ name: 'bench', version: '1' });
  try {
    const host = await HookHost.open(b.host);
    const fire = () =>
      host.dispatch({
        dialect: 'pw',
        event: 'PreToolUse',
        payload: { tool_name: 'Edit' },
        project: ws,
        callerCwd: ws,
      });
    const t0 = performance.now();
    await fire();
    const first = performance.now() - t0;
    const engine = await measure('engine', fire, { runs: 60, warmup: 10 });

    const c0 = performance.now();
    await client.connect(new StdioClientTransport({ ...server, stderr: 'ignore' }));
    const connect = performance.now() - c0;
    const bare = await measure(
      'bare callTool',
      () => client.callTool({ name: 'answer', arguments: { text: '{}' } }),
      { runs: 60, warmup: 10 },
    );
    report('  engine dispatch of an mcp_tool hook (server running)', engine, bare);
    report(
      '  first mcp_tool dispatch (starts the server)',
      { name: 'first', medianMs: first },
      { name: 'bare connect', medianMs: connect },
    );
    await host.close();
  } finally {
    await client.close();
    b.cleanup();
  }
}
