// `npm run bench -- reliability`: a hosted guard file rewritten in place every millisecond by a real
// writer process while the host dispatches guard events; prints how many the rule should have blocked
// were let through (0 is the only right figure) and how often a plain read of the file saw it torn.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv } from '../helpers/env.js';

const EVENTS = Number(process.env.HOOKPANEL_REWRITE_EVENTS ?? 200);
const GUARD = JSON.stringify(
  { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 2' }] }] } },
  null,
  2,
);

export default async function benchReliabilityRewrite(): Promise<void> {
  console.log('\nReliability: a guard file rewritten in place while events fire');
  const env = makeEnv();
  const path = env.write('hp/hooks/claude.json', GUARD);
  const host = await HookHost.open(env.host);
  const code = `const fs = require('node:fs'); const t = ${JSON.stringify(GUARD)};
    const p = new Int32Array(new SharedArrayBuffer(4));
    for (;;) { const fd = fs.openSync(${JSON.stringify(path)}, 'w'); fs.writeSync(fd, t.slice(0, 40));
      fs.writeSync(fd, t.slice(40)); fs.closeSync(fd); Atomics.wait(p, 0, 0, 1); }`;
  const writer = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  try {
    let allowed = 0;
    let torn = 0;
    for (let i = 0; i < EVENTS; i++) {
      try {
        JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        torn++;
      }
      host.invalidate();
      const { answer } = await host.dispatch({
        dialect: 'claude',
        event: 'PreToolUse',
        payload: {
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
          session_id: `s${i}`,
          cwd: env.workspace,
        },
        project: null,
        callerCwd: env.workspace,
        parentDispatch: null,
      });
      if (answer.decision !== 'block') allowed++;
    }
    console.log(`  events allowed while the file was rewritten: ${allowed} of ${EVENTS}`);
    console.log(`  plain reads of the file that found it torn meanwhile: ${torn} of ${EVENTS}`);
  } finally {
    writer.kill('SIGKILL');
    await host.close();
    await env.cleanup();
  }
}
