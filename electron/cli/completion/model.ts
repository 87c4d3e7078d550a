// What the completion scripts complete, worked out once from the table of commands (definitions.ts) and
// the dialects' manifests, so each shell's script (bash.ts, zsh.ts, fish.ts) only writes it out.
import { DIALECT_IDS, DIALECT_MANIFESTS } from '../../../shared/dialects.js';
import { COMMANDS, flagParts, HELP_COMMAND, type CommandDefinition, type Values } from '../definitions.js';

/** What a word can be. `anything`: a value the shell cannot guess (a number, a time, a text). */
export type Completes =
  | { kind: 'file' }
  | { kind: 'directory' }
  /** An event of the dialect named on the line (`dialectFrom`), else of any dialect. */
  | { kind: 'event' }
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'anything' };

export interface OptionCompletion {
  short?: string;
  long: string;
  description: string;
  /** null: a flag, taking no value. */
  value: Completes | null;
}

export interface CommandCompletion {
  name: string;
  summary: string;
  options: OptionCompletion[];
  arguments: { name: string; required: boolean; description: string; value: Completes }[];
  /** Where the dialect that `event` values depend on is named: an argument's index or an option's long name. */
  dialectFrom: { argument: number } | { option: string } | null;
}

export interface CompletionModel {
  version: string;
  commands: CommandCompletion[];
  /** The program's own options, before a command. */
  globalOptions: OptionCompletion[];
  /** The option every command has. */
  help: OptionCompletion;
  dialects: readonly string[];
  /** Each dialect's events, by id. */
  events: Readonly<Record<string, readonly string[]>>;
  /** Every event of any dialect, once each. */
  allEvents: readonly string[];
}

export async function completionModel(version: string): Promise<CompletionModel> {
  const definitions: readonly Omit<CommandDefinition, 'run'>[] = [...COMMANDS, HELP_COMMAND];
  const names = definitions.map((d) => d.name);
  const completes = async (values: Values | undefined): Promise<Completes> => {
    if (values === undefined) return { kind: 'anything' };
    if (values === 'file' || values === 'directory' || values === 'event') return { kind: values };
    if (values === 'dialect') return { kind: 'words', words: DIALECT_IDS };
    if (values === 'command') return { kind: 'words', words: names };
    return { kind: 'words', words: await values.choices() };
  };
  const commands: CommandCompletion[] = [];
  for (const def of definitions) {
    const options: OptionCompletion[] = [];
    for (const o of def.options) {
      const f = flagParts(o.flags);
      options.push({
        ...(f.short ? { short: f.short } : {}),
        long: f.long,
        description: o.description,
        value: f.value ? await completes(o.values) : null,
      });
    }
    const args = [];
    for (const a of def.arguments)
      args.push({
        name: a.name,
        required: a.required,
        description: a.description,
        value: await completes(a.values),
      });
    const byArgument = def.arguments.findIndex((a) => a.values === 'dialect');
    const byOption = def.options.find((o) => o.values === 'dialect');
    commands.push({
      name: def.name,
      summary: def.summary,
      options,
      arguments: args,
      dialectFrom:
        byArgument >= 0
          ? { argument: byArgument }
          : byOption
            ? { option: flagParts(byOption.flags).long }
            : null,
    });
  }
  const events = Object.fromEntries(DIALECT_MANIFESTS.map((m) => [m.id, m.events.map((e) => e.name)]));
  return {
    version,
    commands,
    globalOptions: [
      { short: 'h', long: 'help', description: 'show this help', value: null },
      { short: 'V', long: 'version', description: 'print the version', value: null },
    ],
    help: { short: 'h', long: 'help', description: 'show this help', value: null },
    dialects: DIALECT_IDS,
    events,
    allEvents: [...new Set(Object.values(events).flat())],
  };
}

/** `text` as one single-quoted word of bash or zsh. */
export function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
