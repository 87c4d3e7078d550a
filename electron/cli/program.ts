// The `hookpanel` program in commander, made from the table of commands (definitions.ts): parsing, help
// with examples, --version, suggestions for a mistyped command or option. commander never prints an
// error or exits on its own here: its errors come back as a UsageError (one line, exit 2, main.ts).
import { Argument, Command, CommanderError, Option } from 'commander';
import { DIALECT_IDS } from '../../shared/dialects.js';
import { COMMANDS, HELP_COMMAND, type CommandDefinition, type Values } from './definitions.js';
import { UsageError } from './output.js';
import { packageVersion } from './version.js';
import { examplesText, wrap } from './help-text.js';
import { keepWasmOnBaseline } from './wasm-tiering.js';

const COMMAND_NAMES = [...COMMANDS, HELP_COMMAND].map((c) => c.name);

/** Parses argv and runs the command it names; the exit code back. */
export async function runProgram(argv: readonly string[]): Promise<number> {
  keepWasmOnBaseline();
  // `help X` is `X --help`. A mistyped command is parsed alone, so that commander names it and
  // suggests the nearest one rather than showing the general help asked for with it.
  const args = argv[0] === HELP_COMMAND.name ? [...argv.slice(1, 2), '--help'] : [...argv];
  const first = args[0];
  if (first && !first.startsWith('-') && !COMMAND_NAMES.includes(first)) args.splice(1);
  let code = 0;
  const program = await buildProgram(args[0], async (def, cmd) => {
    code = await runAction(def, cmd);
  });
  if (!args.length) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return code;
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    // Help or the version was printed: exit 0, unless help stood in for a missing command.
    if (['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(e.code))
      return e.exitCode === 0 ? 0 : 2;
    throw new UsageError(oneLine(e.message, args[0]));
  }
}

/**
 * What commander says is wrong with argv (one line, with its guess of the option meant), or null when it
 * finds nothing wrong; nothing is run. For a `hot` command's mistakes, which its fast path cannot guess.
 */
export async function mistakeIn(argv: readonly string[]): Promise<string | null> {
  const program = await buildProgram(argv[0], async () => {});
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return null;
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    return oneLine(e.message, argv[0]);
  }
}

/** Every command; only the one about to run (or be shown) has its lists of values looked up. */
async function buildProgram(
  target: string | undefined,
  action: (def: CommandDefinition, cmd: Command) => Promise<void>,
): Promise<Command> {
  const program = new Command('hookpanel')
    .usage('<command> [options]')
    .description('A desktop control panel and hook host for coding agents.')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: () => {},
    })
    .configureHelp({ styleTitle: (title) => title.toLowerCase() })
    .helpOption('-h, --help', 'show this help')
    .helpCommand(`${HELP_COMMAND.name} [command]`, HELP_COMMAND.summary)
    .version(packageVersion(), '-V, --version', 'print the version')
    .addHelpText(
      'after',
      `\ndialects: ${DIALECT_IDS.join(', ')}\n\nhookpanel help <command> shows its options and examples.`,
    );
  for (const def of COMMANDS) {
    const cmd = program.command(def.name).summary(def.summary).description(def.description);
    const resolve = def.name === target;
    for (const a of def.arguments) {
      const arg = new Argument(a.required ? `<${a.name}>` : `[${a.name}]`, a.description);
      if (a.strict && resolve) arg.choices(await strictValues(a.values));
      cmd.addArgument(arg);
    }
    for (const o of def.options) {
      const option = new Option(o.flags, o.description);
      if (o.strict && resolve) option.choices(await strictValues(o.values));
      cmd.addOption(option);
    }
    cmd.addHelpText('after', () => afterHelp(def));
    cmd.action(async (...params: unknown[]) => action(def, params.at(-1) as Command));
  }
  return program;
}

async function runAction(def: CommandDefinition, cmd: Command): Promise<number> {
  const input: Record<string, unknown> = { ...cmd.opts() };
  def.arguments.forEach((a, i) => {
    if (cmd.processedArgs[i] !== undefined) input[a.name] = cmd.processedArgs[i];
  });
  return (await def.run())(input as never);
}

async function strictValues(values: Values | undefined): Promise<readonly string[]> {
  if (values === 'dialect') return DIALECT_IDS;
  if (values === 'command') return COMMANDS.map((c) => c.name);
  if (typeof values === 'object') return values.choices();
  throw new Error(`strict needs a closed set of values, not ${values ?? 'none'}`);
}

function afterHelp(def: CommandDefinition): string {
  const width = Math.min(process.stdout.columns || 80, 100);
  return `\n${examplesText(def.examples)}\n\n${wrap(`exit status: ${def.exitStatus}`, width, '  ')}`;
}

/** commander's message (and its "Did you mean" line) as one line, pointing at help when it has no guess. */
function oneLine(message: string, command: string | undefined): string {
  const text = message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.*)\?\)$/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, ' ');
  if (text.includes('(did you mean')) return text;
  const known = COMMANDS.some((c) => c.name === command);
  return `${text.replace(/\.$/, '')} (see hookpanel ${known ? `${command} ` : ''}--help)`;
}
