// The bash completion script: plain bash (3.2 and later, so macOS's too), no bash-completion needed.
// The words come from the model; the function walks the line to know which command, which argument or
// which option's value is being completed, and which dialect the line names (for events).
import { quoted, type CompletionModel, type Completes } from './model.js';

export function bashScript(model: CompletionModel): string {
  const value = (c: Completes | null): string =>
    c === null ? "''" : c.kind === 'words' ? quoted(c.words.join(' ')) : `@${c.kind}`;
  const cases = (rows: [string, string][], fallback: string): string =>
    [...rows.map(([when, reply]) => `    ${when}) REPLY=${reply} ;;`), `    *) REPLY=${fallback} ;;`].join(
      '\n',
    );
  const flags = (o: { short?: string; long: string }) => [...(o.short ? [`-${o.short}`] : []), `--${o.long}`];
  const helpFlags = flags(model.help);
  return `# bash completion for hookpanel ${model.version}: hookpanel completion bash
# Load it with  eval "$(hookpanel completion bash)"  in ~/.bashrc, or save it as
# ~/.local/share/bash-completion/completions/hookpanel. It completes hookpanel-hook too.

# A command's options.
_hookpanel_options() {
  case $1 in
${cases(
  model.commands.map((c) => [c.name, quoted([...c.options.flatMap(flags), ...helpFlags].join(' '))]),
  quoted(helpFlags.join(' ')),
)}
  esac
}

# What follows an option: '' for a flag, else @file, @directory, @event, @anything or the words it can be.
_hookpanel_option_value() {
  case "$1 $2" in
${cases(
  model.commands.flatMap((c) =>
    c.options
      .filter((o) => o.value !== null)
      .flatMap((o) => flags(o).map((f): [string, string] => [quoted(`${c.name} ${f}`), value(o.value)])),
  ),
  "''",
)}
  esac
}

# What a command's nth argument (from 0) is, written as for options; '' past the last.
_hookpanel_argument() {
  case "$1 $2" in
${cases(
  model.commands.flatMap((c) =>
    c.arguments.map((a, i): [string, string] => [quoted(`${c.name} ${i}`), value(a.value)]),
  ),
  "''",
)}
  esac
}

# Which argument (its index) or option names the dialect whose events complete.
_hookpanel_dialect_from() {
  case $1 in
${cases(
  model.commands.flatMap((c): [string, string][] =>
    c.dialectFrom === null
      ? []
      : [
          [
            c.name,
            'argument' in c.dialectFrom ? String(c.dialectFrom.argument) : `--${c.dialectFrom.option}`,
          ],
        ],
  ),
  "''",
)}
  esac
}

# A dialect's events; every event when the dialect is not known.
_hookpanel_events() {
  case $1 in
${cases(
  Object.entries(model.events).map(([d, events]) => [quoted(d), quoted(events.join(' '))]),
  quoted(model.allEvents.join(' ')),
)}
  esac
}

# COMPREPLY: the candidates of a kind (as _hookpanel_option_value writes them) that start with $2; for
# events, of the dialect $3.
_hookpanel_reply() {
  case $1 in
    @file) compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen -f -- "$2")) ;;
    @directory) compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen -d -- "$2")) ;;
    @anything) COMPREPLY=() ;;
    @event) _hookpanel_events "$3"; COMPREPLY=($(compgen -W "$REPLY" -- "$2")) ;;
    *) COMPREPLY=($(compgen -W "$1" -- "$2")) ;;
  esac
}

_hookpanel() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmd=\${COMP_WORDS[1]} word pending= dialect= from n=0 i only_args= REPLY
  COMPREPLY=()
  # --option=value: bash splits at the =.
  [[ $cur == = ]] && cur=
  if ((COMP_CWORD == 1)); then
    if [[ $cur == -* ]]; then
      _hookpanel_reply ${quoted(model.globalOptions.flatMap(flags).join(' '))} "$cur"
    else
      _hookpanel_reply ${quoted(model.commands.map((c) => c.name).join(' '))} "$cur"
    fi
    return
  fi
  _hookpanel_dialect_from "$cmd"
  from=$REPLY
  # The words between the command and the cursor: arguments, options, and options' values.
  for ((i = 2; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      [[ $word == = ]] && continue
      [[ $pending == "$from" ]] && dialect=$word
      pending=
    elif [[ -z $only_args && $word == -- ]]; then
      only_args=1
    elif [[ -z $only_args && $word == -* ]]; then
      _hookpanel_option_value "$cmd" "\${word%%=*}"
      if [[ $word == *=* ]]; then
        [[ \${word%%=*} == "$from" ]] && dialect=\${word#*=}
      elif [[ -n $REPLY ]]; then
        pending=$word
      fi
    else
      [[ $n == "$from" ]] && dialect=$word
      ((n++))
    fi
  done
  if [[ -n $pending ]]; then
    _hookpanel_option_value "$cmd" "$pending"
  elif [[ -z $only_args && $cur == -* ]]; then
    _hookpanel_options "$cmd"
  else
    _hookpanel_argument "$cmd" "$n"
  fi
  _hookpanel_reply "$REPLY" "$cur" "$dialect"
}

# hookpanel-hook <dialect> <event>
_hookpanel_hook() {
  local cur=\${COMP_WORDS[COMP_CWORD]} REPLY
  COMPREPLY=()
  case $COMP_CWORD in
    1) _hookpanel_reply ${quoted(model.dialects.join(' '))} "$cur" ;;
    2) _hookpanel_reply @event "$cur" "\${COMP_WORDS[1]}" ;;
  esac
}

complete -F _hookpanel hookpanel
complete -F _hookpanel_hook hookpanel-hook
`;
}
