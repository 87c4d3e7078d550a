// Every `hookpanel` command as data: its arguments, options, help text, examples and the module that runs
// it. The parser (program.ts, commander), the fast path of `emit` (hot.ts), `--help` and the shell
// completion scripts (completion/) are all made from this one table.
//
// Adding a command (e.g. `hookpanel connect <agent> [--dry-run | --yes]`) is two steps:
//  1. One entry in COMMANDS below: name, summary, description, arguments, options, examples, exitStatus,
//     and run: async () => (await import('./commands/connect.js')).connect
//  2. Its module, electron/cli/commands/<file>.ts, exporting the function `run` returns:
//       export async function connect(input: ConnectInput): Promise<number>   // the exit code
//     where the input holds each argument under its `name` and each option under its camel-cased long
//     name (`--dry-run` → `dryRun`, `-y, --yes` → `yes`): a string, or for a flag `true` or absent.
//     It reads nothing from process.argv. A usage mistake the table cannot express (two options that
//     exclude each other, a number out of range) throws UsageError (output.ts): exit 2, its one line.
// Nothing else: main.ts and program.ts need no change, and its help (`--help`, `hookpanel help
// <name>`), suggestions for a mistyped name or option, and the bash, zsh and fish completions all
// follow from the entry. `values` says what a value completes to; with `strict: true` any other value
// is refused (exit 2) before the command runs (a `hot` command checks its own). A closed set defined
// elsewhere is listed by a function, imported only when needed from the command's own module (bundled
// with the host modules it uses: commands.vite.config.mts), e.g. an agent's name:
//   values: { choices: async () => (await import('./commands/connect.js')).connectableAgents() }, strict: true
// test/integration/cli-help.test.ts then checks the new command's help (examples included); add its
// contract flags to CONTRACT there.
// Keep this file free of imports that run code: it is loaded on every `hookpanel emit`.
import { OUTCOMES } from '../../shared/outcomes.js';

/** What a value can be: for completion and, where `strict`, checked before the command runs. */
export type Values =
  /** A path: the shell completes files, or folders. */
  | 'file'
  | 'directory'
  /** A dialect id, from the manifests (shared/dialects.ts). */
  | 'dialect'
  /** An event of the dialect named by the command's `dialect` argument or option, else of any dialect. */
  | 'event'
  /** A command's name. */
  | 'command'
  /** A fixed set, listed by a function so it can derive from where the set is defined. */
  | { readonly choices: () => readonly string[] | Promise<readonly string[]> };

export interface ArgumentDefinition {
  /** Its name in the usage line and the key in the command's input. */
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly values?: Values;
  /** Refuse a value outside `values` (a usage mistake, exit 2). */
  readonly strict?: boolean;
}

export interface OptionDefinition {
  /** As commander writes them: `--json`, `--project <dir>`, `-y, --yes`. */
  readonly flags: string;
  readonly description: string;
  readonly values?: Values;
  readonly strict?: boolean;
}

export interface Example {
  /** A command line to copy. */
  readonly run: string;
  /** What it does, shown as a comment above it. */
  readonly does: string;
}

/** A command's entry point: the input as described above, the exit code back. */
// `never` lets each command type its own input; the table's options are what fill it (tested end to end).
export type Handler = (input: never) => Promise<number>;

export interface CommandDefinition {
  readonly name: string;
  /** One line, in `hookpanel --help`. */
  readonly summary: string;
  /** What it does, in full, under the usage line of `hookpanel help <name>`. */
  readonly description: string;
  readonly arguments: readonly ArgumentDefinition[];
  readonly options: readonly OptionDefinition[];
  readonly examples: readonly Example[];
  /** What its exit status means. */
  readonly exitStatus: string;
  /**
   * Run on every tool call: read with node:util's parseArgs (already in memory) instead of loading
   * commander, and its usage mistakes keep the command's own protocol (see hot.ts). `--help` still goes
   * through commander. Its `strict` values are the command's own to check.
   */
  readonly hot?: true;
  readonly run: () => Promise<Handler>;
}

const project = (what: string): OptionDefinition => ({
  flags: '--project <dir>',
  description: what,
  values: 'directory',
});

export const COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'check',
    summary: 'load and validate every hook file (or one)',
    description:
      'Loads and validates every hook file Hookpanel reads for a workspace, or the one FILE given. Prints ' +
      'each problem as path:line:col: severity: message (the form editors link), then the sources found ' +
      'with their dialect, layer, role and state.',
    arguments: [
      {
        name: 'file',
        required: false,
        description: 'one hook file to check instead of every source',
        values: 'file',
      },
    ],
    options: [
      project('the workspace whose project files apply (default: the current folder)'),
      {
        flags: '--json',
        description: 'print { workspace, sources } as JSON, with every rule and diagnostic',
      },
      {
        flags: '--dialect <id>',
        description: "FILE's dialect, where its place does not tell",
        values: 'dialect',
        strict: true,
      },
    ],
    examples: [
      { run: 'hookpanel check', does: 'every hook file for the current folder' },
      { run: 'hookpanel check --json --project ~/src/app', does: 'those of another workspace, as JSON' },
      { run: 'hookpanel check .agents/settings.json', does: 'one file, in a place that tells its dialect' },
      { run: 'hookpanel check ./my-hooks.yaml --dialect chrys', does: 'a file anywhere, read as chrys' },
    ],
    exitStatus: '0 when no error was found, 1 when any was, 2 for a usage mistake',
    run: async () => (await import('./commands/check.js')).check,
  },
  {
    name: 'trust',
    summary: 'review a project file, then trust its exact bytes',
    description:
      'Hookpanel runs the hooks of a project file it hosts (and the scripts they run) only once you ' +
      'trust its exact bytes; the review first says who runs the file and what trusting or blocking it ' +
      'here changes. trust PATH ' +
      'prints what the file would run and what changed since you last trusted it (each command new, ' +
      'changed or removed, with risk flags in plain words), then trusts this exact version: any later ' +
      'change makes it inert again until reviewed. It does what Trust review does in the panel, through the ' +
      "same code. For an agent's own file it also says what changed in the agent: Codex's trust of each " +
      'hook is recorded through Codex itself (its app server; user-level files too), and where it cannot ' +
      'be (Codex not installed or not answering, the project not trusted in Codex) nothing is trusted and ' +
      'trust exits 1. Claude Code and Gemini CLI run their own files themselves, under their own trust ' +
      '(Claude Code in any folder it is opened in; claude -p without asking): Hookpanel records your ' +
      'review and says it did not change them, and blocking here does not stop them. Other user-level ' +
      'files need no trust.',
    arguments: [
      {
        name: 'path',
        required: false,
        description: 'the project hook file (not needed with --list)',
        values: 'file',
      },
    ],
    options: [
      { flags: '--dry-run', description: 'print the review without trusting' },
      { flags: '--list', description: 'list the trusted files instead' },
      { flags: '--json', description: 'with --list: print { trusted } as JSON' },
      project('the workspace to read the file in (default: the current folder)'),
    ],
    examples: [
      { run: 'hookpanel trust .agents/settings.json', does: 'review what it would run, then trust it' },
      { run: 'hookpanel trust .agents/settings.json --dry-run', does: 'the same review, without trusting' },
      { run: 'hookpanel trust --list', does: 'every trusted file, with its hash and scripts' },
      { run: 'hookpanel trust --list --json', does: 'the same, as JSON' },
      { run: 'hookpanel trust .codex/hooks.json', does: 'review, then trust it in Hookpanel and in Codex' },
    ],
    exitStatus:
      "0 when reviewed, trusted or listed, 1 when the agent's own trust could not be recorded (nothing " +
      'was trusted), 2 for a usage mistake',
    run: async () => (await import('./commands/trust.js')).trust,
  },
  {
    name: 'untrust',
    summary: 'make a project file inert again',
    description:
      'Forgets the trust given to a project file: its hooks and scripts stop running until trusted again. ' +
      "It does what Revoke does in the panel. For Codex's files it also takes back Codex's own trust of " +
      'each hook, through Codex itself, so `codex exec` skips them; Claude Code and Gemini CLI run their ' +
      'own files themselves, and untrust says it did not change them.',
    arguments: [{ name: 'path', required: true, description: 'the project hook file', values: 'file' }],
    options: [],
    examples: [
      { run: 'hookpanel untrust .agents/settings.json', does: "stop running this file's hooks" },
      { run: 'hookpanel untrust .codex/hooks.json', does: "and take back Codex's own trust of them" },
    ],
    exitStatus:
      "0 whether or not it was trusted, 1 when the agent's own trust could not be taken back (Hookpanel's " +
      'record is gone all the same), 2 for a usage mistake',
    run: async () => (await import('./commands/trust.js')).untrust,
  },
  ...(['connect', 'disconnect'] as const).map((name): CommandDefinition => ({
    name,
    summary:
      name === 'connect'
        ? "route an agent's hooks to Hookpanel (the diff first)"
        : 'take back exactly what connect added (the diff first)',
    description:
      name === 'connect'
        ? "Adds Hookpanel's bridge to the agent's own settings (Claude Code, Codex, Gemini CLI), so its " +
          'events reach Hookpanel and your hosted rules for it run. Prints the diff first, then asks on a ' +
          'terminal (or applies it at once with --yes). Every other key is kept; the file is backed up to ' +
          "backups/ in Hookpanel's home. For Codex it also records Codex's trust for exactly the hooks it added."
        : "Removes exactly the entries connect added to the agent's settings, and nothing else. Prints the " +
          'diff first, then asks on a terminal (or applies it at once with --yes).',
    arguments: [
      {
        name: 'agent',
        required: true,
        description: 'the agent whose settings to change',
        values: {
          choices: async () => (await import('./commands/connect.js')).connectableAgents(),
        },
        strict: true,
      },
    ],
    options: [
      { flags: '--dry-run', description: 'print the diff only; change nothing' },
      { flags: '-y, --yes', description: 'apply the change without asking' },
      {
        flags: '--remote <target>',
        description: 'the agent on a machine added with hookpanel remote add (user@host), over ssh',
      },
    ],
    examples: [
      { run: `hookpanel ${name} claude --dry-run`, does: 'the change it would make, as a diff' },
      { run: `hookpanel ${name} codex --yes`, does: 'make the change without asking' },
      { run: `hookpanel ${name} gemini`, does: 'show the diff, then ask before writing' },
    ],
    exitStatus: '0 when done or nothing to do, 1 when not applied or it failed, 2 for a usage mistake',
    run: async () => (await import('./commands/connect.js'))[name],
  })),
  {
    name: 'guard',
    summary: "Claude Code's guarded mode: Hookpanel runs its hooks, only once trusted",
    description:
      "on writes one file to Claude Code's managed settings folder (/etc/claude-code on Linux, " +
      '/Library/Application Support/ClaudeCode on macOS, C:\\Program Files\\ClaudeCode on Windows): ' +
      'managed-settings.d/hookpanel.json, with allowManagedHooksOnly and the bridge for every event. ' +
      'Claude Code then runs none of its user, project or local hooks; Hookpanel runs them, project files ' +
      'only once trusted. off removes exactly that file (and the folders on created for it). The path ' +
      "and text are shown first; writing asks for administrator rights through the system's own prompt.",
    arguments: [
      {
        name: 'agent',
        required: true,
        description: 'the agent to guard',
        values: { choices: () => ['claude'] },
        strict: true,
      },
      {
        name: 'state',
        required: true,
        description: 'on or off',
        values: { choices: () => ['on', 'off'] },
        strict: true,
      },
    ],
    options: [{ flags: '--dry-run', description: 'print the file and its text only; change nothing' }],
    examples: [
      { run: 'hookpanel guard claude on --dry-run', does: 'the file it would write, and its text' },
      { run: 'hookpanel guard claude on', does: 'write it (asking for administrator rights)' },
      { run: 'hookpanel guard claude off', does: 'remove exactly that file' },
    ],
    exitStatus:
      '0 when done or nothing to do, 1 when it could not be written or removed (no administrator ' +
      'rights: nothing changed), 2 for a usage mistake',
    run: async () => (await import('./commands/guard.js')).guard,
  },
  {
    name: 'emit',
    summary: 'the bridge an agent calls as its hook (payload JSON on stdin)',
    description:
      "Hands an event's payload (JSON on stdin, or in the variable the dialect names) to the running host " +
      'over its local socket, or runs the same engine here when no host runs, and answers in the ' +
      "dialect's own hook protocol: for pw and claude, exit 2 with the reason on stderr blocks (claude's " +
      'PermissionRequest denies with JSON on exit 0 instead), and JSON on stdout carries decisions and ' +
      'context. A guard event Hookpanel cannot run is blocked, not let ' +
      'through. hookpanel-hook <dialect> <event> is its faster twin for hooks on every tool call.',
    arguments: [
      {
        name: 'dialect',
        required: true,
        description: 'the harness or agent sending it',
        values: 'dialect',
        // Checked by emit itself (the fast path has no list of dialects); strict shows them in its help.
        strict: true,
      },
      { name: 'event', required: true, description: "the event, in the dialect's own name", values: 'event' },
    ],
    options: [
      project('the workspace whose project files apply when the payload has no cwd'),
      {
        flags: '--json',
        description: 'print { decision, reason, dispatches, … } instead of answering in the hook protocol',
      },
    ],
    examples: [
      {
        run: `echo '{"tool_name":"Bash","tool_input":{"command":"ls"}}' | hookpanel emit claude PreToolUse --json`,
        does: 'what the rules decide for a Bash call, and which ran',
      },
      {
        run: 'hookpanel emit pw Stop < payload.json',
        does: "as an agent calls it: the answer in pw's protocol",
      },
      {
        run: 'hookpanel emit chrys before_tool_call --project ~/src/app < payload.json',
        does: "with another workspace's project files",
      },
    ],
    exitStatus:
      "the dialect's hook protocol (pw and claude: 0 goes on, 2 blocks); with --json 0 when the event " +
      'ran and 1 when it could not; 2 for a usage mistake',
    hot: true,
    run: async () => (await import('./commands/emit.js')).emit,
  },
  {
    name: 'history',
    summary: 'list recorded dispatches or events, or export them',
    description:
      'Lists the newest hook runs (time, dialect, event, outcome, duration, exit, rule and reason), or with ' +
      '--events every event, with or without rules. Filters combine. --export writes every match (or the ' +
      'newest --limit), oldest first.',
    arguments: [],
    options: [
      { flags: '--json', description: 'print { dispatches, events } (with --events: { events }) as JSON' },
      { flags: '--events', description: 'list events instead of hook runs' },
      { flags: '--limit <n>', description: 'at most n, the newest (default: 50; with --export: all)' },
      { flags: '--dialect <id>', description: 'only this dialect', values: 'dialect' },
      { flags: '--event <name>', description: 'only this event', values: 'event' },
      { flags: '--rule <rule>', description: 'only this rule (with --events: events that ran it)' },
      {
        flags: '--outcome <outcome>',
        description: 'only hook runs that ended so (with --events: events with such a run)',
        values: { choices: () => OUTCOMES },
        strict: true,
      },
      { flags: '--workspace <dir>', description: 'only events in this workspace', values: 'directory' },
      {
        flags: '--since <time>',
        description: 'from this time: ISO (2026-05-01T09:00) or back from now (15m, 2h, 7d)',
      },
      { flags: '--until <time>', description: 'up to this time, written as for --since' },
      { flags: '--text <text>', description: 'full-text search over outputs, reasons and payloads' },
      {
        flags: '--export <format>',
        description: 'write every match as CSV or JSON lines',
        values: { choices: () => ['csv', 'jsonl'] },
        strict: true,
      },
    ],
    examples: [
      { run: 'hookpanel history --limit 20 --outcome failed', does: 'the last 20 hook runs that failed' },
      { run: 'hookpanel history --events --since 1h', does: 'every event of the last hour' },
      {
        run: 'hookpanel history --text "rm -rf" --workspace ~/src/app',
        does: 'full-text search over outputs, reasons and payloads',
      },
      { run: 'hookpanel history --export csv --since 7d > week.csv', does: "a week's hook runs as CSV" },
      {
        run: 'hookpanel history --export jsonl --events --dialect claude',
        does: "Claude Code's events as JSON lines",
      },
    ],
    exitStatus: '0, 1 when an older JSON-lines history could not be imported, 2 for a usage mistake',
    run: async () => (await import('./commands/history.js')).history,
  },
  {
    name: 'serve',
    summary: 'run the host (the socket agents emit to) and the panel in a browser',
    description:
      "Runs Hookpanel's host until interrupted: agents' events arrive on its local socket, and the panel " +
      'is served on 127.0.0.1 only, at a URL with a random token. Prints the socket and the URL.',
    arguments: [],
    options: [
      { flags: '--port <n>', description: "the panel's port (default: 0, a free one)" },
      { flags: '--open', description: 'open the panel in your browser' },
      project('the workspace the panel shows (default: the current folder)'),
    ],
    examples: [
      { run: 'hookpanel serve', does: 'run the host; Ctrl-C stops it' },
      { run: 'hookpanel serve --open', does: 'and open the panel in your browser' },
      {
        run: 'hookpanel serve --port 7777 --project ~/src/app',
        does: 'on a fixed port, showing another workspace',
      },
    ],
    exitStatus: '0 once stopped, 2 for a usage mistake',
    run: async () => (await import('./commands/serve.js')).serve,
  },
  {
    name: 'requests',
    summary: "list agents' permission requests waiting for your answer",
    description:
      'With Ask me on for an agent (hookpanel ask-me), the running host holds its permission requests ' +
      'until a person answers. Lists them, oldest first: id, agent, tool, command or file, workspace and ' +
      'the time left before the host gives up and leaves the decision to the agent.',
    arguments: [],
    options: [{ flags: '--json', description: 'print { requests } as JSON' }],
    examples: [
      { run: 'hookpanel requests', does: 'what waits for you' },
      { run: 'hookpanel requests --json', does: 'the same as JSON, for scripts' },
    ],
    exitStatus: '0, 1 when no host is running, 2 for a usage mistake',
    run: async () => (await import('./commands/requests.js')).requests,
  },
  {
    name: 'answer',
    summary: "answer an agent's permission request: allow or deny",
    description:
      "Answers one waiting permission request (its id from hookpanel requests), as the panel's Allow and " +
      'Deny do: the agent runs the tool, or does not and the model is told the reason.',
    arguments: [
      { name: 'id', required: true, description: 'the request, as hookpanel requests lists it' },
      {
        name: 'choice',
        required: true,
        description: 'allow or deny',
        values: { choices: () => ['allow', 'deny'] },
        strict: true,
      },
    ],
    options: [
      { flags: '--reason <text>', description: 'with deny: what the model is told' },
      {
        flags: '--always',
        description:
          'with allow: also write the "always" rule hookpanel requests shows (Claude Code adds its ' +
          "suggested rule; for Codex, Hookpanel appends the prefix_rule to Codex's default.rules)",
      },
      {
        flags: '--prefix <words>',
        description: 'with --always, Codex: keep only these leading words of the command\'s (e.g. "git")',
      },
      { flags: '--json', description: 'print { ok, message, request } as JSON' },
    ],
    examples: [
      { run: 'hookpanel answer 3fa9c1 allow', does: 'let the agent run it' },
      {
        run: 'hookpanel answer 3fa9c1 deny --reason "use the test database"',
        does: 'refuse, telling the model why',
      },
      { run: 'hookpanel answer 3fa9c1 allow --always', does: 'allow it, and from now on without asking' },
      {
        run: 'hookpanel answer 3fa9c1 allow --always --prefix "git status"',
        does: 'Codex: allow every command that starts with git status',
      },
    ],
    exitStatus:
      '0 when answered, 1 when no host runs or the request is not waiting (answered, expired, unknown), ' +
      '2 for a usage mistake',
    run: async () => (await import('./commands/requests.js')).answer,
  },
  {
    name: 'ask-me',
    summary: 'switch Ask me on or off for an agent (its permission requests come to you)',
    description:
      "With Ask me on, an agent's permission requests wait in the running host for your answer (the " +
      "panel's card, hookpanel requests and answer) instead of only in its terminal; with no answer in " +
      'time, or no host running, the agent decides as before. Claude Code and Codex send them; Gemini ' +
      'CLI has no such event. Without on or off, prints the setting.',
    arguments: [
      {
        name: 'agent',
        required: true,
        description: 'the agent',
        values: {
          choices: async () => (await import('./commands/ask-me.js')).ASK_ME_AGENTS,
        },
        strict: true,
      },
      {
        name: 'state',
        required: false,
        description: 'on or off',
        values: { choices: () => ['on', 'off'] },
        strict: true,
      },
    ],
    options: [
      { flags: '--tools <list>', description: 'only these tools, comma-separated (empty: every tool)' },
      {
        flags: '--wait <seconds>',
        description: 'how long a request waits for you (default 590: under the hook timeout of 600)',
      },
    ],
    examples: [
      { run: 'hookpanel ask-me claude on', does: "Claude Code's permission requests come to you" },
      { run: 'hookpanel ask-me codex on --tools Bash', does: "only Codex's shell commands" },
      { run: 'hookpanel ask-me claude off', does: 'back to the terminal only' },
    ],
    exitStatus: '0, 1 when settings.json cannot be read, 2 for a usage mistake',
    run: async () => (await import('./commands/ask-me.js')).askMe,
  },
  {
    name: 'remote',
    summary: 'agents on other machines, through your own ssh (add, remove, list)',
    description:
      "add installs a small bridge in the remote user's home (one folder, ~/.hookpanel-remote, mode 700; " +
      'it needs sh and curl, or Node) over your own ssh, its config, agent and known hosts, and records the ' +
      "machine: the running host then keeps one ssh connection to it, which carries its agents' events " +
      'here. What it installs is shown first; --dry-run shows only that. remove takes back exactly what ' +
      'add installed and what connect --remote changed there. list shows each machine and its connection.',
    arguments: [
      {
        name: 'action',
        required: true,
        description: 'add, remove or list',
        values: { choices: () => ['add', 'remove', 'list'] },
        strict: true,
      },
      { name: 'target', required: false, description: 'the machine, as user@host (for add and remove)' },
    ],
    options: [
      {
        flags: '--dry-run',
        description: 'show what add would install or remove would delete; change nothing',
      },
      {
        flags: '--when-unreachable <choice>',
        description:
          'add: what tool calls there do while this desktop cannot be reached: go-on (default) or block',
        values: { choices: () => ['go-on', 'block'] },
        strict: true,
      },
      { flags: '--json', description: 'list: print { machines } as JSON' },
    ],
    examples: [
      { run: 'hookpanel remote add me@devbox --dry-run', does: 'what it would install there, and where' },
      { run: 'hookpanel remote add me@devbox', does: 'install the bridge there and keep a connection to it' },
      { run: 'hookpanel connect claude --remote me@devbox --yes', does: 'then connect Claude Code there' },
      { run: 'hookpanel remote list', does: 'each machine: connected, last event, or the error' },
      { run: 'hookpanel remote remove me@devbox', does: 'take back everything Hookpanel put there' },
    ],
    exitStatus: '0 when done, 1 when ssh or the machine failed (said in words), 2 for a usage mistake',
    run: async () => (await import('./commands/remote.js')).remote,
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish)',
    description:
      "Prints a script that completes hookpanel's commands, options, dialect ids, each dialect's events, " +
      "--outcome and --export values, and files and folders. It is made from this installation's " +
      'dialects: generate it again after an upgrade (the eval and source forms do so at each shell start).',
    arguments: [
      {
        name: 'shell',
        required: true,
        description: 'the shell to complete in',
        values: { choices: () => ['bash', 'zsh', 'fish'] },
        strict: true,
      },
    ],
    options: [],
    examples: [
      { run: 'eval "$(hookpanel completion bash)"', does: 'bash: add this line to ~/.bashrc' },
      {
        run: 'hookpanel completion bash > ~/.local/share/bash-completion/completions/hookpanel',
        does: 'bash, with the bash-completion package: loaded when first needed',
      },
      { run: 'source <(hookpanel completion zsh)', does: 'zsh: add this line to ~/.zshrc, after compinit' },
      {
        run: 'hookpanel completion fish > ~/.config/fish/completions/hookpanel.fish',
        does: 'fish: loaded when first needed',
      },
    ],
    exitStatus: '0, 2 for a usage mistake',
    run: async () => (await import('./commands/completion.js')).completion,
  },
];

/** `hookpanel help [command]`: the program's own, so not in COMMANDS; completed like one. */
export const HELP_COMMAND: Omit<CommandDefinition, 'run'> = {
  name: 'help',
  summary: "show a command's help, with examples",
  description: 'Shows the usage, arguments, options and examples of a command, or of hookpanel itself.',
  arguments: [{ name: 'command', required: false, description: 'the command', values: 'command' }],
  options: [],
  examples: [{ run: 'hookpanel help check', does: 'the same as hookpanel check --help' }],
  exitStatus: '0, 2 for an unknown command',
};

/** An option's flags taken apart: `-y, --yes` → { short: 'y', long: 'yes', key: 'yes' }. */
export function flagParts(flags: string): { short?: string; long: string; value?: string; key: string } {
  const m = /^(?:-(\w), )?--([a-z][\w-]*)(?: <([\w-]+)>)?$/.exec(flags);
  if (!m) throw new Error(`option flags "${flags}": write -s, --long <value>`);
  const [, short, long, value] = m as unknown as [string, string | undefined, string, string | undefined];
  return {
    ...(short ? { short } : {}),
    long,
    ...(value ? { value } : {}),
    key: long.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
  };
}
