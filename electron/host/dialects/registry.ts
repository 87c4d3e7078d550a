// Every dialect's module, found by convention: `./<id>/index.js` for each manifest in shared/dialects.ts,
// in the same order. Adding a dialect adds no line here.
import { DIALECT_MANIFESTS, type Dialect } from '../../../shared/dialects.js';
import type { DialectModule } from './dialect.js';

const loaded = await Promise.all(
  DIALECT_MANIFESTS.map(async (manifest) => {
    // By convention, not a glob: Node resolves it as written, and vitest's resolver maps .js to .ts.
    const path = `./${manifest.id}/index.js`;
    const mod = ((await import(/* @vite-ignore */ path)) as { default?: DialectModule }).default;
    if (mod?.manifest !== manifest)
      throw new Error(
        `electron/host/dialects/${manifest.id}/index.ts must export default defineDialect(manifest, …) with its own manifest.ts`,
      );
    return mod;
  }),
);

export const DIALECT_MODULES: readonly DialectModule[] = loaded;

export function dialectModule(name: Dialect): DialectModule {
  const found = DIALECT_MODULES.find((d) => d.dialect === name);
  if (!found) throw new Error(`unknown dialect ${name}`);
  return found;
}
