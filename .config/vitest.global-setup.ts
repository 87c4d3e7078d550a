// CLI tests run the compiled `hookpanel` (as users do), so dist/ must hold the sources as they are. When
// the last `npm run build`, or the last such setup, read exactly these inputs (their stamps,
// test/tiers/build.mjs), nothing is compiled; otherwise tsc runs, then the CLI's entry (with emit's
// path), its commands and emit's in-process path are bundled as the build does (tsc alone leaves them
// unbundled, and the bundles are what users run).
import { buildCliIfStale } from '../test/tiers/build.mjs';

export default function setup(): void {
  if (!buildCliIfStale()) throw new Error('the build for the CLI tests failed');
}
