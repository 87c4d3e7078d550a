// The pattern tables of Trust review's risk flags: what each flag means in plain words, and the
// programs, paths and code that raise them. review-risks.ts reads commands against these.
import { RISK_KINDS, type RiskKind } from '../../../shared/risks.js';

/** What each flag means, loudest first: a list of risks is shown in this order. */
export const RISKS: Record<RiskKind, { title: string; explain: string }> = {
  'sends-credentials': {
    title: 'Sends credentials over the network',
    explain:
      'It reads a key, token or password and talks to another computer in the same command: that is how secrets are stolen.',
  },
  'runs-download': {
    title: 'Runs code straight from the internet',
    explain:
      'What it downloads runs at once, unreviewed; whoever controls that address or package controls what runs on your machine.',
  },
  'runs-hidden-code': {
    title: 'Runs hidden code',
    explain: 'It decodes text and runs it, so what actually runs cannot be read here.',
  },
  'reads-credentials': {
    title: 'Reads credentials',
    explain: 'It touches keys, tokens or passwords (SSH keys, .env files, cloud and keychain credentials).',
  },
  'deletes-recursively': {
    title: 'Deletes files recursively',
    explain: 'It removes whole folders; a wrong or empty path can delete far more than intended.',
  },
  'destroys-data': {
    title: 'Destroys data',
    explain:
      'It drops or empties database tables, or throws away uncommitted or pushed work; there is no undo.',
  },
  'writes-outside': {
    title: 'Writes outside the workspace',
    explain:
      'It changes files outside the project (your home folder, dotfiles, system files), where a project has no business.',
  },
  'sends-data': {
    title: 'Sends data over the network',
    explain:
      'It talks to another computer, so it can send what it reads (your code, the agent’s input) away.',
  },
};
/** Loudest first, as the contract lists them. */
export const RISK_ORDER: readonly RiskKind[] = RISK_KINDS;

/** Programs that talk to other computers. */
export const NETWORK_PROGRAMS = new Set([
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'ssh',
  'scp',
  'sftp',
  'ftp',
  'telnet',
  'aria2c',
  'http',
  'https',
  'xh',
  'lftp',
  'mail',
  'mailx',
  'sendmail',
  'mutt',
]);
/** Programs whose output is a download. */
export const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh', 'nc', 'ncat']);
/** Interpreters that run code they read on standard input. */
export const STDIN_RUNNERS =
  /^(sh|bash|zsh|dash|ksh|mksh|ash|fish|python[\d.]*|perl|ruby|node|php|pwsh|powershell|iex|source|\.)$/;
/** `npx -y pkg` and friends: fetch a package and run it in one step. */
export const PACKAGE_RUNNERS: { program: RegExp; when: (args: string[]) => boolean }[] = [
  { program: /^npx$/, when: (a) => a.some((x) => x === '-y' || x === '--yes') },
  { program: /^npm$/, when: (a) => a[0] === 'exec' && a.some((x) => x === '-y' || x === '--yes') },
  { program: /^(pnpm|yarn)$/, when: (a) => a[0] === 'dlx' },
  { program: /^(bunx|uvx)$/, when: () => true },
  { program: /^pipx$/, when: (a) => a[0] === 'run' },
];
export const CODE_RUNNERS = /^(sh|bash|zsh|dash|ksh|mksh|ash|fish|eval|source|\.)$/;
export const INLINE_CODE = /^(python[\d.]*|node|nodejs|deno|bun|ruby|perl|php)$/;
export const INLINE_FLAGS = new Set(['-c', '-e', '-E', '--eval', '-p', '--print', '-r']);

/** Paths and files that hold credentials, matched anywhere in a word or in code. */
export const CREDENTIAL_PATHS: RegExp[] = [
  /(?:^|[\s"'=:@<>(/~])\.ssh(?=\/|$|[\s"'`);])/,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?\b/,
  /(?:^|[\s"'=:@<>(/])\.env(?:\.(?!example\b|sample\b|template\b|dist\b|defaults?\b)[\w-]+)?(?=$|[\s"'`;)|&>])/,
  /(?:^|[\s"'=:@<>(/~])\.(?:netrc|git-credentials|npmrc|pypirc|pgpass|vault-token|my\.cnf)\b/,
  /\.aws\/(?:credentials|config)\b/,
  /\.docker\/config\.json\b/,
  /\.kube\/config\b/,
  /\.config\/gh\/hosts\.ya?ml\b/,
  /\.config\/gcloud\b/,
  /\.azure\/\w/,
  /\.gnupg\b/,
  /\.password-store\b/,
  /\/etc\/(?:shadow|gshadow|sudoers)\b/,
  /\/proc\/[\w$]+\/environ\b/,
  /Library\/Keychains\b|\.keychain(?:-db)?\b/,
  /Login Data\b|\bcookies\.sqlite\b|\blogins\.json\b|\bkey[34]\.db\b/,
  /\w\.(?:pem|p12|pfx|ppk|kdbx|jks|keystore)\b/,
  /\bprivate[_-]?key\b/i,
];
/** Commands that print credentials. */
export const CREDENTIAL_COMMANDS: { program: string; when: (args: string[]) => boolean; what: string }[] = [
  {
    program: 'security',
    when: (a) => /^(find-generic-password|find-internet-password|dump-keychain|export)$/.test(a[0] ?? ''),
    what: 'the macOS keychain',
  },
  { program: 'secret-tool', when: (a) => /^(lookup|search)$/.test(a[0] ?? ''), what: 'the desktop keyring' },
  {
    program: 'gh',
    when: (a) => a[0] === 'auth' && (a[1] === 'token' || a.includes('-t') || a.includes('--show-token')),
    what: 'your GitHub token',
  },
  {
    program: 'aws',
    when: (a) =>
      (a[0] === 'configure' && /^(get|export-credentials)$/.test(a[1] ?? '')) ||
      (a[0] === 'sts' && a[1] === 'get-session-token'),
    what: 'your AWS credentials',
  },
  {
    program: 'gcloud',
    when: (a) => a[0] === 'auth' && /^print-(access|identity)-token$/.test(a[1] ?? ''),
    what: 'your Google Cloud token',
  },
  { program: 'az', when: (a) => a[0] === 'account' && a[1] === 'get-access-token', what: 'your Azure token' },
  { program: 'op', when: (a) => a[0] === 'read' || (a[0] === 'item' && a[1] === 'get'), what: '1Password' },
  { program: 'pass', when: (a) => a[0] === 'show', what: 'your password store' },
  { program: 'vault', when: (a) => a[0] === 'read' || a[0] === 'kv', what: 'Vault secrets' },
  {
    program: 'kubectl',
    when: (a) => a[0] === 'config' && a.includes('--raw'),
    what: 'your Kubernetes credentials',
  },
  { program: 'git', when: (a) => a[0] === 'credential', what: 'stored git credentials' },
  {
    program: 'printenv',
    when: (a) => a.length === 0 || a.some(isSecretName),
    what: 'environment variables, tokens included',
  },
];
/** Names of variables that usually hold secrets: GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD, … */
export function isSecretName(name: string): boolean {
  const parts = name.toUpperCase().split(/_+/);
  if (parts.some((p) => /^(TOKENS?|SECRETS?|PASSWORDS?|PASSWD|CREDENTIALS?|APIKEY|AUTH|PAT)$/.test(p)))
    return true;
  return parts.some(
    (p, i) =>
      p === 'KEY' && /^(API|ACCESS|PRIVATE|SECRET|SSH|SIGNING|ENCRYPTION|MASTER)$/.test(parts[i - 1] ?? ''),
  );
}
/** `$GITHUB_TOKEN`, `${API_KEY}` and the like in one string. */
export function secretVariables(text: string): string[] {
  const out: string[] = [];
  for (const [, name] of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g))
    if (isSecretName(name!) && !out.includes(`$${name}`)) out.push(`$${name}`);
  return out;
}

/** Network use in source code of other languages. */
export const CODE_NETWORK =
  /\b(?:urllib[\w.]*|requests\.(?:get|post|put|patch|request|Session)|http\.client|httpx|aiohttp|socket\.(?:socket|create_connection)|urlopen|fetch\s*\(|https?\.(?:request|get)\s*\(|net\.(?:connect|createConnection)|XMLHttpRequest|WebSocket\s*\(|Net::HTTP|LWP::\w+|HTTP::Tiny|IO::Socket|open-uri|curl_(?:init|exec)|fsockopen|axios)/;
/** Network programs named in code or in shell text read by patterns (`subprocess.run(["curl", …])`). */
export const CODE_NETWORK_PROGRAM =
  /(?:^|[\s;|&(`"'[])(curl|wget|nc|ncat|netcat|socat|scp|sftp|telnet)(?=[\s"',\]])/m;
export const CODE_SECRET_ENV =
  /(?:environ(?:\.get)?\s*[[(]\s*|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*)["']?([A-Za-z_][A-Za-z0-9_]*)/g;
export const CODE_DELETE =
  /shutil\.rmtree|\brimraf\b|\brm(?:Sync)?\s*\([^)]{0,120}recursive\s*:\s*true|FileUtils\.rm_r|remove_dir_all|\brm\s+-[a-zA-Z]{0,8}[rR]/;
export const CODE_PIPE_TO_SHELL = /\b(?:curl|wget)\b[^|\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b/;
/**
 * SQL that drops or empties a table or database: `DROP TABLE`, `TRUNCATE TABLE`, `DELETE FROM t` with no
 * WHERE. In capitals or in lower case, not mixed, so prose ("truncate the log") and the `truncate`
 * command do not count.
 */
export const SQL_DESTROY = [
  /\b(?:DROP\s+(?:TABLE|DATABASE|SCHEMA|VIEW|COLLECTION)\b(?:\s+IF\s+EXISTS)?\s*[\w."`[\]]*|TRUNCATE\s+(?:TABLE\s+)?[\w."`[\]]+|DELETE\s+FROM\s+[\w."`[\]]+(?=\s*(?:;|$|["'`)]))|dropDatabase\s*\()/m,
  /\b(?:drop\s+(?:table|database|schema|view|collection)\b(?:\s+if\s+exists)?\s*[\w."`[\]]*|truncate\s+table\s+[\w."`[\]]+|delete\s+from\s+[\w."`[\]]+(?=\s*(?:;|$|["'`)])))/m,
];
export const URL = /\b(?:https?|ftp|wss?):\/\/[^\s"'`)<>\]]+/;
