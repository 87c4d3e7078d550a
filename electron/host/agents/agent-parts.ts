// What an agent brings beyond its dialect module lives in its dialect's folder, one file a part
// (connect.ts, trust.ts, script-pins.ts, guarded-mode.ts), found by convention as the registry finds
// index.ts, so adding an agent adds no line anywhere else (README.md, "Adding a dialect").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIALECT_MANIFESTS, type Dialect } from '../../../shared/dialects.js';

/** One agent's part, with the agent's id and label. */
export interface AgentPart<T> {
  id: Dialect;
  label: string;
  part: T;
}

const DIALECTS = new URL('../dialects/', import.meta.url);

/**
 * Every agent dialect's `file` export `name`, in the manifests' order. An optional part is left out for
 * the agents without the file; a required one missing throws, naming the file. `folder` holds the
 * dialects' folders (electron/host/dialects/).
 */
export async function agentParts<T>(
  file: string,
  name: string,
  required: 'required' | 'optional',
  folder: URL = DIALECTS,
): Promise<AgentPart<T>[]> {
  const found = await Promise.all(
    DIALECT_MANIFESTS.filter((m) => m.kind === 'agent').map(async (m) => {
      // Node resolves the path as written, vitest maps .js to .ts.
      const url = new URL(`${m.id}/${file}.js`, folder);
      // Only a missing file means "no such part": one that fails to load must not pass unnoticed.
      if (required === 'optional' && !hasFile(url)) return [];
      const mod = (await import(/* @vite-ignore */ url.href)) as Record<string, unknown>;
      const part = mod[name] as T | undefined;
      if (!part && required === 'required')
        throw new Error(`electron/host/dialects/${m.id}/${file}.ts must export its ${name}`);
      return part ? [{ id: m.id as Dialect, label: m.label, part }] : [];
    }),
  );
  return found.flat();
}

/** Whether the module is there: built (.js) or, under vitest, as source (.ts). */
const hasFile = (url: URL): boolean =>
  ['.js', '.ts'].some((ext) => existsSync(fileURLToPath(url).replace(/\.js$/, ext)));
