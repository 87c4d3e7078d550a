// The fish completion script: `complete` lines with descriptions, and small functions that read the
// command line to know the command, which argument is being completed, and the dialect it names.
import type { CommandCompletion, CompletionModel, Completes, OptionCompletion } from './model.js';

/** `text` as one fish word: inside single quotes, fish reads \\ and \' as escapes. */
const q = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** The `complete` flags that offer a value's candidates. */
function candidates(c: Completes, command: string): string {
  switch (c.kind) {
    case 'file':
      return '-F';
    case 'directory':
      return `-f -a ${q('(__fish_complete_directories (commandline -ct))')}`;
    case 'event':
      return `-f -a ${q(`(__hookpanel_events ${command})`)}`;
    case 'anything':
      return '-f';
    case 'words':
      return `-f -a ${q(c.words.join(' '))}`;
  }
}

function optionLine(o: OptionCompletion, condition: string, command: string): string {
  const flags = `${o.short ? `-s ${o.short} ` : ''}-l ${o.long}`;
  const value = o.value ? ` -r ${candidates(o.value, command)}` : '';
  return `complete -c hookpanel -n ${q(condition)} ${flags}${value} -d ${q(o.description)}`;
}

function commandLines(c: CommandCompletion, help: OptionCompletion): string[] {
  const using = `__hookpanel_using ${c.name}`;
  return [
    `# ${c.name}`,
    ...[...c.options, help].map((o) => optionLine(o, using, c.name)),
    ...c.arguments.map(
      (a, i) =>
        `complete -c hookpanel -n ${q(`__hookpanel_argument ${c.name} ${i}`)} ${candidates(a.value, c.name)} -d ${q(a.description)}`,
    ),
  ];
}

export function fishScript(model: CompletionModel): string {
  const valued = model.commands.flatMap((c) =>
    c.options
      .filter((o) => o.value)
      .flatMap((o) => [`--${o.long}`, ...(o.short ? [`-${o.short}`] : [])].map((f) => `${c.name} ${f}`)),
  );
  const dialectFrom = model.commands.filter((c) => c.dialectFrom !== null);
  return `# fish completion for hookpanel ${model.version}: hookpanel completion fish
# Save it as ~/.config/fish/completions/hookpanel.fish (loaded when first needed). It completes
# hookpanel-hook too.

# The words after the command name, up to the cursor: options, their values and arguments.
function __hookpanel_words
    set -l words (commandline -opc)
    set -e words[1]
    for word in $words
        echo $word
    end
end

# The command: the first word after hookpanel (its own options take no value).
function __hookpanel_command
    for word in (__hookpanel_words)
        string match -q -- '-*' $word; or begin; echo $word; return; end
    end
end

function __hookpanel_needs_command
    set -l command (__hookpanel_command)
    test -z "$command"
end

function __hookpanel_using
    set -l command (__hookpanel_command)
    test "$command" = "$argv[1]"
end

# Whether an option of command $1 takes a value.
function __hookpanel_takes_value
    contains -- "$argv[1] $argv[2]" ${valued.map(q).join(' ')}
end

# The arguments given to the command so far, leaving out options and their values.
function __hookpanel_arguments
    set -l words (__hookpanel_words)
    set -l command $words[1]
    set -e words[1]
    set -l skip 0
    set -l only_args 0
    for word in $words
        if test $skip = 1
            set skip 0
        else if test $only_args = 0; and test $word = --
            set only_args 1
        else if test $only_args = 0; and string match -q -- '-*' $word
            string match -q -- '*=*' $word; or __hookpanel_takes_value $command $word; and set skip 1
        else
            echo $word
        end
    end
end

# Whether the cursor is on argument $2 (from 0) of command $1, rather than on an option's value.
function __hookpanel_argument
    __hookpanel_using $argv[1]; or return 1
    set -l words (__hookpanel_words)
    __hookpanel_takes_value $argv[1] $words[-1]; and return 1
    test (count (__hookpanel_arguments)) = $argv[2]
end

# The events of the dialect named on the line for command $1, or every event.
function __hookpanel_events
    set -l dialect
    switch $argv[1]
${dialectFrom
  .map((c) => {
    const from = c.dialectFrom!;
    const read =
      'argument' in from
        ? `set dialect (__hookpanel_arguments)[${from.argument + 1}]`
        : `set -l words (__hookpanel_words)
            for i in (seq (count $words))
                switch $words[$i]
                    case ${q(`--${from.option}=*`)}
                        set dialect (string replace -- ${q(`--${from.option}=`)} '' $words[$i])
                    case ${q(`--${from.option}`)}
                        set -q words[(math $i + 1)]; and set dialect $words[(math $i + 1)]
                end
            end`;
    return `        case ${q(c.name)}\n            ${read}`;
  })
  .join('\n')}
        case hookpanel-hook
            set dialect (commandline -opc)[2]
    end
    switch "$dialect"
${Object.entries(model.events)
  .map(([d, events]) => `        case ${q(d)}\n            printf '%s\\n' ${events.map(q).join(' ')}`)
  .join('\n')}
        case '*'
            printf '%s\\n' ${model.allEvents.map(q).join(' ')}
    end
end

complete -c hookpanel -f
${model.globalOptions.map((o) => optionLine(o, '__hookpanel_needs_command', '')).join('\n')}
${model.commands.map((c) => `complete -c hookpanel -n __hookpanel_needs_command -a ${q(c.name)} -d ${q(c.summary)}`).join('\n')}

${model.commands.flatMap((c) => commandLines(c, model.help)).join('\n')}

# hookpanel-hook <dialect> <event>
complete -c hookpanel-hook -f
complete -c hookpanel-hook -n ${q('test (count (commandline -opc)) = 1')} -a ${q(model.dialects.join(' '))} -d dialect
complete -c hookpanel-hook -n ${q('test (count (commandline -opc)) = 2')} -a ${q('(__hookpanel_events hookpanel-hook)')} -d event
`;
}
