// With HOOKPANEL_CHILD_COVERAGE=<dir> (test/tiers/coverage.mjs), a setup file of .config/vitest.config.ts:
// the processes a test file starts write their V8 coverage to <dir>. NODE_V8_COVERAGE is set here, in the
// test process, for Node to pass on to every child it spawns, even one given an env of its own
// (https://nodejs.org/api/cli.html#node_v8_coveragedir), rather than on vitest, whose own processes would
// count every block they run (vite's transforms among them) and write it all out at their exit.
const dir = process.env.HOOKPANEL_CHILD_COVERAGE;
if (dir) process.env.NODE_V8_COVERAGE = dir;
