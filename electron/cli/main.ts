#!/usr/bin/env node
// The `hookpanel` command. The commands are a table (definitions.ts: add one there); each one's module is
// imported only when it runs. `emit`, on every tool call, is read by hot.ts without loading commander;
// everything else, and `emit --help`, goes through program.ts (commander).
// Exit codes: what the command returns; 2 and one line on stderr for a usage mistake; 1 and one line
// for anything unexpected (its stack with HOOKPANEL_DEBUG=1).
import { oneLine } from '../host/intake/payload.js';
import { cacheCompiledCode } from './compile-cache.js';
import { COMMANDS } from './definitions.js';
import { runHot } from './hot.js';
import { UsageError } from './output.js';

cacheCompiledCode();

const DEBUG = !!process.env.HOOKPANEL_DEBUG && process.env.HOOKPANEL_DEBUG !== '0';
// The commands are bundled (commands.vite.config.mts): a stack asked for names the TypeScript's files and
// lines through the source maps beside them (https://nodejs.org/api/process.html#processsetsourcemapsenabledval),
// which apply to the modules loaded from here on.
if (DEBUG) process.setSourceMapsEnabled(true);

async function main(argv: string[]): Promise<number> {
  const def = COMMANDS.find((c) => c.name === argv[0]);
  const who = def ? `hookpanel ${def.name}` : 'hookpanel';
  try {
    if (def?.hot && !asksForHelp(argv.slice(1))) return await runHot(def, argv.slice(1));
    return await (await import('./program.js')).runProgram(argv);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    if (e instanceof UsageError || (e as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${who}: ${oneLine(error.message, 1000)}\n`);
      return 2;
    }
    process.stderr.write(
      DEBUG
        ? `${who}: ${error.stack ?? error.message}\n`
        : `${who}: ${oneLine(error.message, 1000)} (run with HOOKPANEL_DEBUG=1 for the stack)\n`,
    );
    return 1;
  }
}

/** `--help` or `-h` among the options (not after `--`, where it would be an argument). */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

// A reader that stops early (`hookpanel history | head`) closes the pipe: the rest of the output has
// nowhere to go, which is no failure of the command (and must not end emit before it records).
for (const out of [process.stdout, process.stderr])
  out.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
