// CLI tests run the compiled `hookpanel` (as users do), so compile once before the run.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  const root = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.json`], {
    stdio: 'inherit',
  });
}
