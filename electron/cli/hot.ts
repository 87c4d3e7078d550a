// A `hot` command (emit, called on every tool call) read without commander: node:util's parseArgs is
// already in memory, where loading commander would add its import to every call. The options come from
// the same table entry as its help and completion. Its mistakes throw what main.ts turns into exit 2
// and one line on stderr: parseArgs' own errors (ERR_PARSE_ARGS_*), or a UsageError (an unknown option
// is put in commander's words, with its guess of the one meant).
import { parseArgs } from '../host/builtins.js';
import { flagParts, type CommandDefinition } from './definitions.js';
import { UsageError } from './output.js';

export async function runHot(def: CommandDefinition, argv: readonly string[]): Promise<number> {
  const flags = def.options.map((o) => flagParts(o.flags));
  const { values, positionals } = await parse(def, argv, flags);
  const required = def.arguments.filter((a) => a.required);
  if (positionals.length < required.length || positionals.length > def.arguments.length) {
    const missing = required.slice(positionals.length).map((a) => `<${a.name}>`);
    const problem = missing.length ? `missing ${missing.join(' ')}` : 'too many arguments';
    throw new UsageError(`${problem}; usage: ${usageLine(def)}`);
  }
  const input: Record<string, unknown> = {};
  def.arguments.forEach((a, i) => {
    if (positionals[i] !== undefined) input[a.name] = positionals[i];
  });
  for (const f of flags) if (values[f.long] !== undefined) input[f.key] = values[f.long];
  return (await def.run())(input as never);
}

/** argv read by parseArgs; an unknown option is named by commander, with its guess of the one meant. */
async function parse(def: CommandDefinition, argv: readonly string[], flags: ReturnType<typeof flagParts>[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(
        flags.map((f) => [
          f.long,
          { type: f.value ? 'string' : 'boolean', ...(f.short ? { short: f.short } : {}) },
        ]),
      ),
    });
  } catch (e) {
    // Only a mistake loads commander: the fast path stays without it.
    if ((e as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw e;
    const said = await (await import('./program.js')).mistakeIn([def.name, ...argv]);
    throw said ? new UsageError(said) : e;
  }
}

/** `hookpanel emit <dialect> <event> [--project <dir>] [--json]` */
function usageLine(def: CommandDefinition): string {
  const args = def.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`));
  return ['hookpanel', def.name, ...args, ...def.options.map((o) => `[${o.flags}]`)].join(' ');
}
