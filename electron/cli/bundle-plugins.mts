// What the CLI's bundles (emit-local.vite.config.mts, commands.vite.config.mts) need so that bundled code
// behaves as tsc's files do: modules found by convention from the dialects' manifests, paths built from
// import.meta.url, chunks of one build replacing the last one's, some of our modules left where tsc
// put them. Every change keeps the code's lines where they were, so the source maps stay true.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const MODULE_URL = '__HOOKPANEL_MODULE_URL__';
const DIALECTS = join(root, 'electron/host/dialects');

/** What a bundle of the CLI is built from: its entries and where its chunks go. */
interface NodeBundle {
  /** Output name (the path tsc emits it at, without `.js`) → the TypeScript entry. */
  input: Record<string, string>;
  /**
   * The folder under dist/ for the chunks the entries share; without one, each entry is one file, what
   * it imports on demand included (emit's path in main.vite.config.mts).
   */
  chunks?: string;
  /** Packages left in node_modules, imported by their bare name (deep imports included). */
  external: readonly string[];
}

/**
 * The build options every CLI bundle shares: ES modules for Node 20 over the files tsc emitted in
 * dist/ (not emptied), unminified and source-mapped (coverage and stack traces read the TypeScript),
 * our code and the packages bundled but `external`, chunks named without a hash so a new build
 * replaces the last one's. The caller adds its plugins, freshChunks(chunks) among them.
 */
export function nodeBundle({ input, chunks, external }: NodeBundle): UserConfig {
  return {
    logLevel: 'warn',
    ssr: { target: 'node', noExternal: true },
    build: {
      ssr: true,
      outDir: `${root}dist`,
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      target: 'node20',
      rollupOptions: {
        // As written (a bare name), so Node resolves it from node_modules.
        external: (id) => external.some((p) => id === p || id.startsWith(`${p}/`)),
        input,
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          ...(chunks ? { chunkFileNames: `${chunks}/[name].js` } : { codeSplitting: false }),
          // The maps name the sources rather than carry them: stack traces and coverage need only the
          // lines, and a process run with NODE_V8_COVERAGE reads and writes out every map it loads.
          sourcemapExcludeSources: true,
          // Pure ASCII: Node decodes such a file into a one-byte string, which V8 also scans faster; a
          // few "…" in strings and doc comments made emit-local's megabyte two-byte, some 14 ms of
          // UTF-8 decoding on every in-process emit. So every other character is escaped, and the doc
          // comments are left out (the source maps lead to them); licences stay.
          charset: 'ascii',
          comments: { legal: true, annotation: true, jsdoc: false },
        },
      },
    },
  };
}

/** The chunks folder is emptied first: a chunk the last build made and this one did not is not left over. */
export function freshChunks(folder: string): Plugin {
  let outDir = '';
  return {
    name: 'hookpanel-fresh-chunks',
    configResolved: (config) => void (outDir = config.build.outDir),
    buildStart: () => rmSync(join(outDir, folder), { recursive: true, force: true }),
  };
}

/** The dialects whose manifest shared/dialects.ts imports, each one folder with its index.ts. */
function dialectIds(fail: (message: string) => never): string[] {
  const list = join(root, 'shared/dialects.ts');
  const ids = [...readFileSync(list, 'utf8').matchAll(/dialects\/([\w-]+)\/manifest\.js/g)].map((m) => m[1]!);
  for (const d of ids)
    if (!existsSync(join(DIALECTS, d, 'index.ts')))
      fail(`${list} names the dialect ${d}, which has no electron/host/dialects/${d}/index.ts`);
  return ids;
}

/**
 * registry.ts imports each dialect's folder by a path built from its manifest (so adding a dialect adds no
 * line there), which a bundler cannot follow: here every `dialects/<id>/index.ts` is imported statically
 * and looked up by that same path.
 */
export function dialectsByConvention(): Plugin {
  const registry = join(DIALECTS, 'registry.ts');
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
      const ids = dialectIds((m) => this.error(m));
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
 * The modules the host imports by a path built from a dialect's manifest (its index.ts in registry.ts, its
 * permissions.ts in agent-permissions.ts, its connect.ts, trust.ts and other parts in agent-parts.ts),
 * each in the bundle as a chunk loaded on demand, as unbundled: a path `<id>/<part>.js` is looked up in a
 * table of every dialect's parts, so the part and the host share one copy of each module (one
 * refusal class, one zod). The parts are the files those three modules ask for, read from them.
 */
export function partsByConvention(): Plugin {
  const sites = ['dialects/registry.ts', 'agents/agent-parts.ts', 'permissions/agent-permissions.ts'].map(
    (f) => join(root, 'electron/host', f),
  );
  const call = /\bimport\(\/\* @vite-ignore \*\/ ([\w.]+)\)/;
  return {
    name: 'hookpanel-parts-by-convention',
    enforce: 'pre',
    transform(code, id) {
      if (!sites.includes(id)) return null;
      const found = call.exec(code);
      if (!found)
        this.error(
          `${id} no longer imports by a built path as ${call}: update ${fileURLToPath(import.meta.url)}`,
        );
      const table = dialectIds((m) => this.error(m))
        .flatMap((d) => conventionalParts().map((part) => [d, part] as const))
        .filter(([d, part]) => existsSync(join(DIALECTS, d, `${part}.ts`)))
        .map(([d, part]) => {
          const spec = relative(dirname(id), join(DIALECTS, d, `${part}.ts`));
          return `${JSON.stringify(`${d}/${part}`)}: () => import(${JSON.stringify(spec.startsWith('.') ? spec : `./${spec}`)})`;
        })
        .join(', ');
      // A path outside the table (a folder a test passes) is imported as written.
      const lookup =
        'const hookpanelByConvention = (path) => { const key = /([^/]+\\/[^/]+)\\.js$/.exec(String(path))?.[1]; ' +
        'const load = key === undefined ? undefined : hookpanelParts[key]; ' +
        'return load ? load() : import(/* @vite-ignore */ path); };';
      return unmoved(
        `const hookpanelParts = { ${table} }; ${lookup} ${code.replace(call, `hookpanelByConvention(${found[1]})`)}`,
      );
    },
  };
}

/** index and permissions, and every part agent-parts.ts is asked for (`agentParts<…>('connect', …)`). */
function conventionalParts(): string[] {
  const agents = join(root, 'electron/host/agents');
  const asked = readdirSync(agents)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => [
      ...readFileSync(join(agents, f), 'utf8').matchAll(/\bagentParts<[^>]*>\(\s*'([\w-]+)'/g),
    ])
    .map((m) => m[1]!);
  return [...new Set(['index', 'permissions', ...asked])];
}

/**
 * Our own modules imported on demand (the history worker keeps zod out until an import needs it) are in
 * the bundle all the same: imported statically here, so they do not split it into chunks. Packages
 * imported on demand (execa) stay so.
 */
export function ownModulesStatic(): Plugin {
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
export function moduleUrlsAsUnbundled(): Plugin {
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
 * Our modules given (paths from the repository's root) stay out of the bundle: imported from the file tsc
 * emitted for each, so a module that is also loaded unbundled (main.ts loads output.ts, whose UsageError
 * it tells by `instanceof`) is one module, not two. With `dynamicBut`, so do our modules imported on
 * demand but those listed: a bundle of one path (emit's) holds that path alone, and the commands it does
 * not take stay where they were.
 */
export function ownModulesUnbundled(
  sources: readonly string[],
  { dynamicBut }: { dynamicBut?: readonly string[] } = {},
): Plugin {
  const kept = new Set(sources.map((s) => join(root, s)));
  const bundledOnDemand = dynamicBut && new Set(dynamicBut.map((s) => join(root, s)));
  const marker = '__HOOKPANEL_UNBUNDLED__';
  return {
    name: 'hookpanel-own-modules-unbundled',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.id.includes('/node_modules/')) return null;
      const onDemand = (options as { kind?: string }).kind === 'dynamic-import';
      const unbundled =
        kept.has(resolved.id) || (bundledOnDemand && onDemand && !bundledOnDemand.has(resolved.id));
      if (!unbundled) return null;
      return { id: `${marker}${relative(root, resolved.id).replace(/\.[cm]?ts$/, '.js')}`, external: true };
    },
    // Where tsc put it, relative to the chunk that imports it.
    renderChunk(code, chunk) {
      const from = dirname(chunk.fileName);
      const pattern = new RegExp(`(["'])${marker}(.+?)\\1`, 'g');
      return unmoved(
        code.replace(pattern, (_match, quote: string, emitted: string) => {
          const path = relative(from, emitted);
          return `${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
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
