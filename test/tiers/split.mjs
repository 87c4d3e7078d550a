// Which vitest files `npm test` runs under which Node. The host core (the integration and reliability
// tiers) runs once, under Node 24: the Node of Electron 41's main process, where the host runs inside
// the app, and the pass that measures coverage. Under the Node that runs npm (20 here, end of life since
// April 2026) run the unit tier and what runs once: the real clients, whose agents reach a `hookpanel`
// running under that Node end to end, and the toolchain's files. The browser tier's `hookpanel serve`
// runs under it too. Both passes over the host core cost 750 CPU seconds per run, a third of the whole
// (README, "What takes the time"). Where the Node 24 pass does not run (another platform, npm on Node
// 24), the first pass runs everything.

/**
 * Files run under npm's Node only, one glob a line: the real clients (the agents end to end), packaging
 * (electron-builder), the e2e tier's browser choice (it extracts a 210 MB Chromium) and
 * Electronegativity, a static scan of the Electron shell's source whose release lookup (got 11) dies of
 * an uncaught error on Node 24 offline.
 */
export const ONCE = [
  'test/realclient/**',
  'test/integration/package.test.ts',
  'test/unit/chromium.test.ts',
  'test/integration/electronegativity.test.ts',
];

/** vitest's file filters for npm's Node beside a Node 24 pass: the unit tier and ONCE. */
export const BESIDE_NODE24 = ['test/unit/', ...ONCE.map((glob) => glob.replace(/\*\*$/, ''))];
