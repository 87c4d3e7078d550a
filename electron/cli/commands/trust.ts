import { resolve } from 'node:path';
import { visibleText } from '../../../shared/visible-text.js';
import { contextFor } from '../../host/context.js';
import { followPinnedScripts } from '../../host/agents/script-pins.js';
import { loadCandidate, loadSources } from '../../host/sources/load.js';
import { placeFile } from '../../host/sources/single.js';
import { recordsAgentTrust, trustFile, untrustFile } from '../../host/agents/file-trust.js';
import { reviewSource } from '../../host/trust/review-item.js';
import { reviewText } from '../../host/trust/review-text.js';
import { readScripts, TrustStore } from '../../host/trust/store.js';
import { UsageError } from '../output.js';
import { counted } from '../../host/util/counted.js';

/** `hookpanel trust PATH [--dry-run] | --list [--json]`, filled from its entry in definitions.ts. */
export interface TrustInput {
  path?: string;
  dryRun?: boolean;
  list?: boolean;
  json?: boolean;
  project?: string;
}

export async function trust(values: TrustInput): Promise<number> {
  const ctx = await contextFor(values.project ?? null);
  const store = await TrustStore.open(ctx.host);
  if (values.list) {
    const entries = store.list();
    if (values.json) process.stdout.write(`${JSON.stringify({ trusted: entries }, null, 2)}\n`);
    else if (!entries.length) process.stdout.write('No project files are trusted.\n');
    else
      for (const e of entries)
        process.stdout.write(
          `${e.trustedAt}  ${e.dialect.padEnd(7)}${e.sha256.slice(0, 12)}  ${visibleText(e.path)}${e.scripts.length ? ` (+${counted(e.scripts.length, 'script')})` : ''}\n`,
        );
    return 0;
  }
  const { path } = values;
  if (!path) throw new UsageError('missing PATH; usage: hookpanel trust PATH [--dry-run] | --list [--json]');
  const placed = placeFile(path, ctx);
  if (!placed)
    throw new UsageError(
      `${resolve(path)} is not a hook file location Hookpanel knows (see hookpanel check)`,
    );
  if (!placed.candidate.projectScoped && !(await recordsAgentTrust(placed.candidate.path, ctx))) {
    process.stdout.write(
      `${placed.candidate.path} is a user-level file; its hooks are always active and need no trust.\n`,
    );
    return 0;
  }
  // The file's own workspace: its hooks' relative script paths resolve there.
  const wctx = { ...ctx, workspace: placed.workspace ?? ctx.workspace };
  // A pinned script of a hook an agent trusts changed: the agent's gate on it is closed before anything
  // is shown (Codex's trust taken back, the hook switched off in Gemini CLI), so the review below and
  // the agent agree, and a dry run leaves the agent safe too.
  const all = await loadSources(wctx, store);
  for (const { changes } of await followPinnedScripts(all, store, wctx))
    for (const c of changes) process.stdout.write(`${visibleText(c.message)}\n\n`);
  const { source, bytes } = await loadCandidate(placed.module, placed.candidate, wctx);
  if (!bytes)
    throw new UsageError(
      `${placed.candidate.path}: ${source.state === 'absent' ? 'no such file' : 'cannot be read'}`,
    );
  // What would run and what changed since it was last trusted, from the same code as the panel's review.
  process.stdout.write(
    reviewText(await reviewSource(source, store, { ...ctx, workspace: source.workspace })),
  );
  if (values.dryRun) {
    process.stdout.write(`\nNot trusted (--dry-run): run hookpanel trust ${path} to trust this version.\n`);
    return 0;
  }
  // Exactly the version reviewed above, through the same code as the panel's Trust this version: the
  // agent's own trust too where Hookpanel records it (Codex), and what changed in the agent.
  const scripts = (await readScripts(source)).map((s) => ({ path: s.path, sha256: s.sha256 ?? null }));
  const result = await trustFile(store, ctx, { path: source.path, sha256: source.sha256!, scripts });
  process.stdout.write(`\n${shown(result.lines.join('\n'))}\n`);
  const errors = source.diagnostics.filter((d) => d.severity === 'error').length;
  if (result.ok && errors)
    process.stdout.write(
      `Note: the file has ${counted(errors, 'error')}; run hookpanel check to see them.\n`,
    );
  return result.ok ? 0 : 1;
}

/** `hookpanel untrust PATH`, filled from its entry in definitions.ts. */
export async function untrust({ path }: { path: string }): Promise<number> {
  const ctx = await contextFor(null);
  const store = await TrustStore.open(ctx.host);
  const result = await untrustFile(store, ctx, path);
  process.stdout.write(`${shown(result.lines.join('\n'))}\n`);
  return result.ok ? 0 : 1;
}

/** What trusting did, naming paths a project's author chose: their control characters shown, not obeyed. */
function shown(text: string): string {
  return visibleText(text, { lines: true });
}
