// The in-process `hookpanel emit` (no host running: it runs the engine itself) bundled into the file tsc
// emitted for it, with everything it imports but libsql (a native module) and the MCP SDK (loaded only
// by an mcp_tool hook). An agent may call emit on every tool call: Node loading some four hundred small
// modules one by one (the host, zod, yaml, the dialects, execa) cost more than the engine's whole work.
// execa stays a chunk of its own, loaded by the first hook that runs a process. Unbundled, as tsc alone
// leaves it, it behaves the same, only slower.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'electron/cli/commands/emit-local';
const MODULE_URL = '__HOOKPANEL_MODULE_URL__';

export default defineConfig({
  logLevel: 'warn',
  plugins: [freshChunks(), dialectsByConvention(), moduleUrlsAsUnbundled(), ownModulesStatic()],
  ssr: { target: 'node', noExternal: true, external: ['libsql', '@modelcontextprotocol/sdk'] },
  build: {
    ssr: true,
    outDir: `${root}dist`,
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      input: { [ENTRY]: `${root}${ENTRY}.ts` },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        // Named without a hash, so a new build replaces the last one's chunks.
        chunkFileNames: `${ENTRY}-chunks/[name].js`,
      },
    },
  },
});

/** The chunks folder is emptied first: a chunk the last build made and this one did not is not left over. */
function freshChunks(): Plugin {
  let outDir = '';
  return {
    name: 'hookpanel-fresh-chunks',
    configResolved: (config) => void (outDir = config.build.outDir),
    buildStart: () => rmSync(join(outDir, `${ENTRY}-chunks`), { recursive: true, force: true }),
  };
}

/**
 * registry.ts imports each dialect's folder by a path built from its manifest (so adding a dialect adds no
 * line there), which a bundler cannot follow: here every `dialects/<id>/index.ts` is imported statically
 * and looked up by that same path.
 */
function dialectsByConvention(): Plugin {
  const registry = join(root, 'electron/host/dialects/registry.ts');
  const call = 'import(/* @vite-ignore */ path)';
  return {
    name: 'hookpanel-dialects-by-convention',
    enforce: 'pre',
    transform(code, id) {
      if (id !== registry) return null;
      if (!code.includes(call))
        this.error(
          `${registry} no longer loads dialects with \`${call}\`: update ${fileURLToPath(import.meta.url)}`,
        );
      // The dialects are those whose manifest shared/dialects.ts imports, each one folder.
      const list = join(root, 'shared/dialects.ts');
      const ids = [...readFileSync(list, 'utf8').matchAll(/dialects\/([\w-]+)\/manifest\.js/g)].map(
        (m) => m[1]!,
      );
      for (const d of ids)
        if (!existsSync(join(dirname(registry), d, 'index.ts')))
          this.error(`${list} names the dialect ${d}, which has no electron/host/dialects/${d}/index.ts`);
      const imports = ids.map((d, i) => `import * as hookpanelDialect${i} from './${d}/index.ts';`).join(' ');
      const table = ids
        .map((d, i) => `${JSON.stringify(`./${d}/index.js`)}: hookpanelDialect${i}`)
        .join(', ');
      return unmoved(
        `${imports} const hookpanelDialects = { ${table} }; ${code.replace(
          call,
          'Promise.resolve(hookpanelDialects[path])',
        )}`,
      );
    },
  };
}

/**
 * Our own modules imported on demand (the history worker keeps zod out until an import needs it) are in
 * the bundle all the same: imported statically here, so they do not split it into chunks. Packages
 * imported on demand (execa) stay so.
 */
function ownModulesStatic(): Plugin {
  return {
    name: 'hookpanel-own-modules-static',
    transform(code, id) {
      if (!id.startsWith(root) || id.includes('/node_modules/')) return null;
      const imports: string[] = [];
      const out = code.replace(
        /\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g,
        (match, _quote, spec: string) => {
          imports.push(`import * as hookpanelOwn${imports.length} from ${JSON.stringify(spec)};`);
          // The call's own line breaks are kept, so the lines after it stay where they were.
          const breaks = '\n'.repeat(match.split('\n').length - 1);
          return `Promise.resolve(hookpanelOwn${imports.length - 1})${breaks}`;
        },
      );
      return imports.length ? unmoved(`${imports.join(' ')} ${out}`) : null;
    },
  };
}

/**
 * `import.meta.url` in a bundled module is the bundle's; each of ours gets the URL of the file tsc emitted
 * for it instead, so paths built from it (the reaper, the outbox runner, the history worker) hold.
 */
function moduleUrlsAsUnbundled(): Plugin {
  return {
    name: 'hookpanel-module-urls-as-unbundled',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(root) || id.includes('/node_modules/') || !code.includes('import.meta.url'))
        return null;
      const emitted = relative(root, id).replace(/\.[cm]?ts$/, '.js');
      return unmoved(code.replaceAll('import.meta.url', JSON.stringify(`${MODULE_URL}${emitted}`)));
    },
    renderChunk(code, chunk) {
      const from = dirname(chunk.fileName);
      const pattern = new RegExp(`(["'\`])${MODULE_URL}(.+?)\\1`, 'g');
      return unmoved(
        code.replace(pattern, (_match, _quote, emitted: string) => {
          const path = relative(from, emitted);
          return `new URL(${JSON.stringify(path.startsWith('.') ? path : `./${path}`)}, import.meta.url).href`;
        }),
      );
    },
  };
}

/**
 * Code changed within its lines, none added or moved: the source map stays the one before the change
 * (`map: null`), so coverage and stack traces still point at the right lines of the TypeScript.
 */
function unmoved(code: string): { code: string; map: null } {
  return { code, map: null };
}
