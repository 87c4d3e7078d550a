import { readFileSync } from 'node:fs';

/** The version in hookpanel's package.json: the nearest one above this file (dist/, the sources, an asar). */
export function packageVersion(): string {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'hookpanel' && pkg.version) return pkg.version;
    } catch {
      // None here, or another package's: look further up.
    }
    if (new URL('..', dir).href === dir.href) throw new Error("hookpanel's package.json was not found");
  }
}
