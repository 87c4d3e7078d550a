// The Node the browser tier runs `hookpanel` under (each test's `serve`, and the `emit`s the panel
// fixture makes): the app's own, Electron 41's Node 24, where the tiers have one (npm test installs it
// before the first pass: test/node24/find.mjs), else the Node running the tests. In the app the host
// runs on Node 24, so the panel is tested against the host it talks to there; the host under npm's
// Node is the first pass's (the real clients start theirs). Under Node 24 every run shares one folder
// of V8's compile cache (NODE_COMPILE_CACHE), as a person's app and CLI keep theirs: each test's home
// is new, and Hookpanel's own cache lives in it, so without this every test's host would compile afresh.
import { join } from 'node:path';
import { tiersNode24 } from '../helpers/node24.js';
import { REPO } from '../helpers/repo.js';

interface AppNode {
  /** The Node binary. */
  node: string;
  /** What its runs' environment adds (the compile cache's folder under Node 24). */
  env: Record<string, string>;
}

export function appNode(env: NodeJS.ProcessEnv = process.env): AppNode {
  const node = tiersNode24(env);
  if (!node) return { node: process.execPath, env: {} };
  return { node, env: { NODE_COMPILE_CACHE: join(REPO, '.cache', 'e2e-compile-cache') } };
}
