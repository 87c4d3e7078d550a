// A `hot` command (emit, called on every tool call) read without commander: node:util's parseArgs is
// already in memory, where loading commander would add its import to every call. The options come from
// the same table entry as its help and completion. Its mistakes throw what main.ts turns into exit 2
// and one line on stderr: parseArgs' own errors (ERR_PARSE_ARGS_*), or a UsageError.
import { parseArgs } from 'node:util';
import { flagParts, type CommandDefinition } from './definitions.js';
import { UsageError } from './output.js';

export async function runHot(def: CommandDefinition, argv: readonly string[]): Promise<number> {
  const flags = def.options.map((o) => flagParts(o.flags));
  const { values, positionals } = parseArgs({
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

/** `hookpanel emit <dialect> <event> [--project <dir>] [--json]` */
function usageLine(def: CommandDefinition): string {
  const args = def.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`));
  return ['hookpanel', def.name, ...args, ...def.options.map((o) => `[${o.flags}]`)].join(' ');
}
