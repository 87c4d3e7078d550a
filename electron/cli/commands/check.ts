import { DIALECT_IDS, isDialect } from '../../../shared/dialects.js';
import type { Diagnostic, Source } from '../../../shared/model.js';
import { visibleText } from '../../../shared/visible-text.js';
import { contextFor } from '../../host/context.js';
import { dialectModule } from '../../host/dialects/registry.js';
import { applyTrust, loadCandidate, loadSources } from '../../host/sources/load.js';
import { looseCandidate, placeFile } from '../../host/sources/single.js';
import { TrustStore } from '../../host/trust/store.js';
import { UsageError } from '../output.js';
import { counted } from '../../host/util/counted.js';

/** `hookpanel check [file] [--project DIR] [--json] [--dialect D]`, filled from its entry in definitions.ts. */
export interface CheckInput {
  file?: string;
  project?: string;
  json?: boolean;
  dialect?: string;
}

export async function check(values: CheckInput): Promise<number> {
  const ctx = await contextFor(values.project ?? process.cwd());
  if (ctx.settingsProblem) process.stderr.write(`hookpanel: settings ignored: ${ctx.settingsProblem}\n`);
  const trust = await TrustStore.open(ctx.host);
  const { file } = values;
  // Sources of the workspace and the ones to report: all of them, or the one file asked about.
  const load = async (): Promise<{ all: Source[]; shown: Source[]; wctx: typeof ctx }> => {
    if (!file) {
      const all = await loadSources(ctx, trust);
      return { all, shown: all, wctx: ctx };
    }
    // The parser checked it against the dialects (definitions.ts: strict).
    const dialect = isDialect(values.dialect) ? values.dialect : undefined;
    const placed = placeFile(file, ctx, dialect);
    if (!placed && !dialect)
      throw new UsageError(
        `cannot tell which dialect ${file} is; pass --dialect (${DIALECT_IDS.join(', ')})`,
      );
    const module = placed?.module ?? dialectModule(dialect!);
    if (placed) {
      // A file in a known place is checked among its dialect's other files, so rules that span files
      // (unknown MCP servers, allowedEnvVars, disableAllHooks) are judged as the engine would.
      const wctx = { ...ctx, workspace: placed.workspace ?? ctx.workspace };
      const all = await loadSources(wctx, trust);
      return {
        all,
        shown: all.filter((s) => s.dialect === module.dialect && s.path === placed.candidate.path),
        wctx,
      };
    }
    const { source } = await loadCandidate(module, looseCandidate(module, file), ctx);
    applyTrust(source, trust);
    return { all: [source], shown: [source], wctx: ctx };
  };
  let loaded = await load();
  const { closedAny, followPinnedScripts, notePinnedChanges } =
    await import('../../host/agents/script-pins.js');
  // A pinned script of a hook an agent trusts changed: the agent's own gate on that hook is closed
  // first (Codex's trust taken back, the hook switched off in Gemini CLI), then everything is read
  // again so what is shown is what the agents will now do.
  const pinned = await followPinnedScripts(loaded.all, trust, loaded.wctx);
  if (closedAny(pinned)) loaded = await load();
  const sources = loaded.shown;
  notePinnedChanges(sources, pinned);
  if (file && sources[0]?.state === 'absent') throw new UsageError(`${file}: no such file`);
  // What the agents themselves will skip (Codex's trust, Gemini's folder trust), beside the problems.
  const { addAgentTrustNotes } = await import('../../host/agents/agent-trust.js');
  await addAgentTrustNotes(sources, ctx);
  const errors = sources.reduce((n, s) => n + s.diagnostics.filter((d) => d.severity === 'error').length, 0);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ workspace: ctx.workspace, sources }, null, 2)}\n`);
    return errors ? 1 : 0;
  }
  const present = sources.filter((s) => s.state !== 'absent');
  const lines = present.flatMap((s) => s.diagnostics.map(formatDiagnostic));
  const warnings = present.reduce(
    (n, s) => n + s.diagnostics.filter((d) => d.severity === 'warning').length,
    0,
  );
  const out = [...lines];
  if (lines.length) out.push('');
  out.push(present.length ? 'Sources:' : 'No hook files found.');
  out.push(...present.map(formatSourceLine));
  const ruleCount = present.reduce((n, s) => n + s.rules.length, 0);
  out.push(
    '',
    `${counted(present.length, 'source')}, ${counted(ruleCount, 'rule')}, ${counted(errors, 'error')}, ${counted(warnings, 'warning')}`,
  );
  // Messages quote hook files, which projects provide: shown, never obeyed by the terminal. A parser's
  // message keeps its own line breaks (a code frame under the position); every other control is shown.
  const shown = out.flatMap((l) => l.split('\n')).map((l) => visibleText(l));
  process.stdout.write(`${shown.join('\n')}\n`);
  return errors ? 1 : 0;
}

/** `path:line:col: severity: message`, the form editors and terminals link. */
function formatDiagnostic(d: Diagnostic): string {
  const where = d.line !== null ? `${d.path}:${d.line}:${d.column ?? 1}` : d.path;
  return `${where}: ${d.severity}: ${d.message}`;
}

/** The dialect column: as wide as the longest id, and a space. */
const DIALECT_WIDTH = Math.max(...DIALECT_IDS.map((d) => d.length)) + 1;

function formatSourceLine(s: Source): string {
  const rules = counted(s.rules.length, 'rule');
  return `  ${s.dialect.padEnd(DIALECT_WIDTH)}${s.layer.padEnd(9)}${s.role.padEnd(10)}${s.state.padEnd(10)}${rules.padEnd(10)}${s.path}`;
}
