// CLI tests run the compiled `hookpanel` (as users do), so compile once before the run, then bundle the
// light paths of `hookpanel emit` as `npm run build` does: tsc alone leaves them unbundled, and the
// bundles are what users run.
import { execFileSync } from 'node:child_process';
import { build } from 'vite';

const BUNDLES = ['electron/cli/light.vite.config.mts', 'electron/cli/emit-local.vite.config.mts'];

export default async function setup(): Promise<void> {
  const root = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.json`], {
    stdio: 'inherit',
  });
  for (const config of BUNDLES) await build({ configFile: `${root}${config}`, logLevel: 'warn' });
}
