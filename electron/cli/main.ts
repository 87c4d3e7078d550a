#!/usr/bin/env node
// The `hookpanel` command. Subcommands are imported on demand so `emit` starts with little to load.
import { UsageError } from './output.js';

const usage = async () => `usage: hookpanel <command> [options]

  check [--project DIR] [--json] [FILE --dialect D]   load and validate every hook file
  trust PATH [--dry-run] | --list [--json]             review, then trust a project file's exact bytes
  untrust PATH                                         make a project file inert again
  emit <dialect> <event> [--project DIR] [--json]      the bridge an agent calls as its hook
  history [--json] [--events] [--limit N] [--dialect D] [--event E] [--rule R] [--outcome O] [--workspace DIR]
          [--since T] [--until T] [--text S] [--export csv|jsonl]
  serve [--port N] [--open]                            run the host (intake socket)
  connect <agent> [--dry-run | --yes]                 route an agent's hooks to Hookpanel (diff first)
  disconnect <agent> [--dry-run | --yes]              take back exactly what connect added

dialects: ${(await import('../../shared/dialects.js')).DIALECT_IDS.join(', ')}
`;

type Command = (argv: string[]) => Promise<number>;
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).check,
  trust: async () => (await import('./commands/trust.js')).trust,
  untrust: async () => (await import('./commands/trust.js')).untrust,
  emit: async () => (await import('./commands/emit.js')).emit,
  history: async () => (await import('./commands/history.js')).history,
  serve: async () => (await import('./commands/serve.js')).serve,
  connect: async () => (await import('./commands/connect.js')).connect,
  disconnect: async () => (await import('./commands/connect.js')).disconnect,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await usage());
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`hookpanel: unknown command "${name}"\n${await usage()}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`hookpanel ${name}: ${(e as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`hookpanel ${name}: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
