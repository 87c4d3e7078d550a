// The zsh completion script: _arguments specs for each command, with descriptions. It works both saved
// as _hookpanel in a folder on $fpath (autoloaded by compinit) and sourced after compinit.
import {
  quoted,
  type CommandCompletion,
  type CompletionModel,
  type Completes,
  type OptionCompletion,
} from './model.js';

/** Text inside an _arguments [explanation]. */
const explained = (text: string) => text.replace(/[\\\]]/g, '\\$&');

function action(c: Completes): string {
  switch (c.kind) {
    case 'file':
      return '_files';
    case 'directory':
      return '_files -/';
    case 'event':
      return '->event';
    case 'anything':
      return ' ';
    case 'words':
      return `(${c.words.map((w) => w.replace(/[\\\s()':]/g, '\\$&')).join(' ')})`;
  }
}

/** One option as _arguments specs: `'(-y --yes)'{-y,--yes}'[…]'`, or one spec without a short flag. */
function optionSpec(o: OptionCompletion, name = o.long): string {
  const value = o.value ? `:${name}:${action(o.value)}` : '';
  const help = `[${explained(o.description)}]${value}`;
  if (!o.short) return quoted(`--${o.long}${o.value ? '=' : ''}${help}`);
  const flags = o.value ? [`-${o.short}+`, `--${o.long}=`] : [`-${o.short}`, `--${o.long}`];
  return `${quoted(`(-${o.short} --${o.long})`)}{${flags.join(',')}}${quoted(help)}`;
}

function commandCase(c: CommandCompletion, help: OptionCompletion): string {
  const specs = [
    ...c.options.map((o) => optionSpec(o)),
    `${quoted('(- *)')}{-${help.short},--${help.long}}${quoted(`[${explained(help.description)}]`)}`,
    ...c.arguments.map((a, i) => quoted(`${i + 1}:${a.required ? '' : ':'}${a.name}:${action(a.value)}`)),
  ];
  const dialect =
    c.dialectFrom === null
      ? null
      : 'argument' in c.dialectFrom
        ? `$line[${c.dialectFrom.argument + 1}]`
        : `$opt_args[--${c.dialectFrom.option}]`;
  return [
    `        ${c.name})`,
    `          _arguments -C -S \\\n            ${specs.join(' \\\n            ')} && ret=0`,
    ...(dialect ? [`          [[ $state == event ]] && _hookpanel_events "${dialect}" && ret=0`] : []),
    '          ;;',
  ].join('\n');
}

export function zshScript(model: CompletionModel): string {
  const globals = model.globalOptions.map(
    (o) => `${quoted('(- *)')}{-${o.short},--${o.long}}${quoted(`[${explained(o.description)}]`)}`,
  );
  const words = (list: readonly string[]) => list.map(quoted).join(' ');
  return `#compdef hookpanel hookpanel-hook
# zsh completion for hookpanel ${model.version}: hookpanel completion zsh
# Load it with  source <(hookpanel completion zsh)  in ~/.zshrc after compinit, or save it as _hookpanel in
# a folder on $fpath before compinit runs. It completes hookpanel-hook too.

# The events of dialect $1, or every event.
_hookpanel_events() {
  local -a events expl
  case $1 in
${Object.entries(model.events)
  .map(([d, events]) => `    ${quoted(d)}) events=(${words(events)}) ;;`)
  .join('\n')}
    *) events=(${words(model.allEvents)}) ;;
  esac
  _wanted events expl event compadd -a events
}

_hookpanel() {
  local curcontext=$curcontext state state_descr line ret=1
  local -A opt_args
  if [[ $service == hookpanel-hook ]]; then
    _arguments -C ${quoted(`1:dialect:(${model.dialects.join(' ')})`)} '2:event:->event' && ret=0
    [[ $state == event ]] && _hookpanel_events "$line[1]" && ret=0
    return ret
  fi
  _arguments -C \\
    ${globals.join(' \\\n    ')} \\
    '1:command:->command' \\
    '*::argument:->argument' && ret=0
  case $state in
    command)
      local -a commands=(
${model.commands.map((c) => `        ${quoted(`${c.name}:${c.summary}`)}`).join('\n')}
      )
      _describe -t commands 'hookpanel command' commands && ret=0
      ;;
    argument)
      curcontext=\${curcontext%:*:*}:hookpanel-$words[1]:
      state=
      case $words[1] in
${model.commands.map((c) => commandCase(c, model.help)).join('\n')}
      esac
      ;;
  esac
  return ret
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _hookpanel "$@"
else
  compdef _hookpanel hookpanel hookpanel-hook
fi
`;
}
