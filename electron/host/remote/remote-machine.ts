// A machine added with `remote add`, as an agent's connect part sees it (agents/agent-machine.ts): its
// files read and removed over ssh, and the agent's program found on the PATH a command run there gets
// and started through `ssh -T`, its stdio piped through (the person's own ssh, as every other call).
import type { AgentMachine } from '../agents/agent-machine.js';
import { shellQuote } from '../agents/bridge-command.js';
import type { HostEnv } from '../paths.js';
import { readRemoteFile, writeRemoteFile } from './remote-files.js';
import { remoteFails, runRemote, sshFailure, sshOptions, sshProgram } from './ssh.js';

export function remoteMachine(host: HostEnv, target: string): AgentMachine {
  return {
    target,
    readFile: (path) => readRemoteFile(host, target, path),
    removeFile: (path) => writeRemoteFile(host, target, path, null),
    programs: {
      env: host.env,
      elsewhere: {
        where: target,
        find: async (name) => {
          const r = await runRemote(host, target, 'command -v "$1" || exit 0', [name]);
          if (r.code !== 0) remoteFails(sshFailure(target, r));
          const path = r.stdout.trim();
          // `command -v` names a shell function or alias as itself: only a path is a program.
          return path.startsWith('/') ? path : null;
        },
        // The login shell there runs this one line: exec, so Codex is ssh's session and nothing is left.
        argv: (program, args) => [
          sshProgram(host),
          ...sshOptions(host),
          '-T',
          '--',
          target,
          ['exec', program, ...args].map(shellQuote).join(' '),
        ],
      },
    },
  };
}
