// chrys (../shared/seeds/002_6fd1ef551e57a9ac.txt): global and project hooks.yaml — strict validation, match
// clauses, modes, outbox.
import { existsSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { Handler, Rule, Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue, reportZodIssues } from '../../diagnostics/zod-issues.js';
import { dialectOption } from '../../settings/settings.js';
import { chrysHome } from './home.js';
import { defineDialect, readsScripts, type Candidate, type FileFormat } from '../dialect.js';
import { CHRYS_EVENTS, CHRYS_TOOL_KINDS } from './events.js';
import { manifest } from './manifest.js';
import { chrysRuntime } from './runtime.js';
import { isPlainObject, makeRule } from '../rule.js';
import { compilePythonRegex, interpreterFor } from './interpreter.js';
import { ruleScripts } from '../../trust/command-scripts.js';
import {
  CHRYS_DEFAULT_TIMEOUT_SECONDS,
  ExecutionSchema,
  FileSchema,
  HookSchema,
  TEMPLATE_VARIABLES,
  type ChrysHook,
} from './schema.js';

const FILE_NAMES = ['hooks.yaml', 'hooks.yml', 'hooks.json'];
const TOOL_EVENTS = new Set(CHRYS_EVENTS.filter((e) => e.toolEvent).map((e) => e.name));

function pickFile(dir: string): { path: string; format: FileFormat; others: string[] } {
  const present = FILE_NAMES.map((n) => join(dir, n)).filter((p) => existsSync(p));
  const path = present[0] ?? join(dir, FILE_NAMES[0]!);
  return { path, format: extname(path) === '.json' ? 'json' : 'yaml', others: present.slice(1) };
}

/**
 * A rejected file leaves the other one in use (../shared/seeds/002_6fd1ef551e57a9ac.txt); said beside
 * the file's own problems.
 */
function rejectedNotice(candidate: Candidate, sink: DiagnosticSink): void {
  const code = candidate.projectScoped ? 'project_hooks_config_invalid' : 'hooks_config_invalid';
  sink.warn(
    code,
    `the ${candidate.layer} hooks file was rejected, so its hooks are disabled; the ${candidate.projectScoped ? 'global' : 'project'} file is still used`,
    // About the whole file, also when it was rejected before it could be parsed (not UTF-8).
    { position: { line: 1, column: 1 } },
  );
}

export default defineDialect(manifest, {
  runtime: chrysRuntime,
  // Chrys reads YAML with PyYAML (YAML 1.1): `enabled: yes` is a boolean there.
  yamlVersion: '1.1',
  formatOf: (path) => (extname(path) === '.json' ? 'json' : 'yaml'),
  locate({ host, workspace }) {
    const global = pickFile(join(chrysHome(host), 'hooks'));
    const out: Candidate[] = [
      {
        path: global.path,
        layer: 'global',
        priority: 1,
        role: 'hosted',
        projectScoped: false,
        format: global.format,
      },
    ];
    if (workspace) {
      const project = pickFile(join(workspace, '.chrys', 'hooks'));
      // Project hooks run first (../shared/seeds/002_6fd1ef551e57a9ac.txt, its merge rules).
      out.unshift({
        path: project.path,
        layer: 'project',
        priority: 0,
        role: 'hosted',
        projectScoped: true,
        format: project.format,
      });
    }
    return out;
  },
  onRejected: rejectedNotice,
  load(doc, candidate, sink, ctx) {
    const fail = () => {
      rejectedNotice(candidate, sink);
      return { rules: [], valid: false };
    };
    for (const other of pickFile(dirname(candidate.path)).others) {
      sink.warn(
        'ignored_sibling',
        `${other} is ignored because ${candidate.path} is read first (hooks.yaml, then hooks.yml, then hooks.json)`,
      );
    }
    const value = doc.value ?? {};
    if (!isPlainObject(value)) {
      sink.error(
        'wrong_shape',
        `expected a mapping with version, settings and hooks, got ${describeValue(value)}`,
      );
      return fail();
    }
    // Every check runs even after an error, so one look at the file shows all that is wrong with it.
    if (value.version !== undefined && value.version !== 1) {
      sink.error(
        'unsupported_version',
        `version ${JSON.stringify(value.version)} is not supported; this format is version 1`,
        { at: ['version'] },
      );
    }
    const top = FileSchema.safeParse(value, { reportInput: true });
    if (!top.success)
      reportZodIssues(
        sink,
        FileSchema,
        top.error.issues.filter((i) => i.path[0] !== 'version'),
        [],
        null,
      );

    const base = dirname(candidate.path);
    const rules: Rule[] = [];
    const scripts: string[] = [];
    const ids = new Map<string, number>();
    const list = Array.isArray(value.hooks) ? value.hooks : [];
    list.forEach((entry, index) => {
      const at = ['hooks', index];
      // Ids and execution are checked on the entry as written, whatever else is wrong with it.
      const id = isPlainObject(entry) && typeof entry.id === 'string' && entry.id !== '' ? entry.id : null;
      const prior = id === null ? undefined : ids.get(id);
      if (prior !== undefined) {
        sink.error(
          'duplicate_id',
          `id "${id}" is already used by hooks[${prior}]; ids must be unique within a file`,
          { at: [...at, 'id'], ruleIndex: index },
        );
      } else if (id !== null) ids.set(id, index);
      const parsed = HookSchema.safeParse(entry, { reportInput: true });
      if (!parsed.success) {
        reportZodIssues(sink, HookSchema, parsed.error.issues, at, index);
        const execution = ExecutionSchema.safeParse(isPlainObject(entry) ? (entry.execution ?? {}) : {});
        if (execution.success) checkDetach(execution.data, at, index);
        return;
      }
      if (prior !== undefined) return;
      const hook = parsed.data;
      const rule = normalize(hook, index, at);
      if (!rule) return;
      if (rule.handler.kind === 'script') scripts.push(rule.handler.path);
      rules.push(rule);
    });
    if (sink.list.some((d) => d.severity === 'error')) return fail();
    const folders: string[] = [];
    if (readsScripts(candidate, ctx))
      for (const rule of rules) {
        const found = ruleScripts(rule, { workspace: ctx.workspace, home: ctx.host.home });
        scripts.push(...found.scripts);
        folders.push(...found.unpinned.flatMap((u) => u.folders));
      }
    return {
      rules,
      valid: true,
      scripts,
      folders,
      settings: top.success ? (top.data.settings ?? {}) : {},
    };

    function normalize(hook: ChrysHook, index: number, at: (string | number)[]): Rule | null {
      const o = { ruleIndex: index };
      const ex = hook.execution ?? {};
      const mode = ex.mode ?? 'fire_and_forget';
      let durable = ex.delivery === 'durable';
      const detachOk = checkDetach(ex, at, index);
      if (durable && mode === 'blocking') {
        sink.warn(
          'blocking_durable',
          'delivery: durable applies only to non-blocking modes; this blocking hook is already awaited inline and runs best_effort',
          { ...o, at: [...at, 'execution', 'delivery'] },
        );
        durable = false;
      }
      const m = hook.match;
      const hasToolFilter =
        !!m && (m.tool_kind !== undefined || m.tool_name !== undefined || m.args !== undefined);
      if (hook.event === 'before_tool_call' && !(m && Object.keys(m).length)) {
        sink.warn(
          'unfiltered_before_tool_call',
          'before_tool_call with no match filters fires for every tool call; add match.tool_kind, tool_name or args',
          { ...o, at: [...at, 'event'] },
        );
      }
      if (hasToolFilter && !TOOL_EVENTS.has(hook.event)) {
        sink.warn(
          'tool_filter_on_non_tool_event',
          `${hook.event} carries no tool, so a hook with tool_kind, tool_name or args never matches; drop the tool filters or use a tool event`,
          { ...o, at: [...at, 'match'] },
        );
      }
      if (m?.tool_kind !== undefined && !CHRYS_TOOL_KINDS.includes(m.tool_kind)) {
        sink.info(
          'unknown_tool_kind',
          `"${m.tool_kind}" is not a canonical tool kind (${CHRYS_TOOL_KINDS.join(', ')}); it is compared as written`,
          { ...o, at: [...at, 'match', 'tool_kind'] },
        );
      }
      if (hook.enabled !== false) {
        for (const [arg, clause] of Object.entries(m?.args ?? {})) {
          if (clause.regex === undefined) continue;
          try {
            compilePythonRegex(clause.regex);
          } catch (e) {
            sink.warn(
              'hook_skipped',
              `hook "${hook.id}" in ${candidate.path} is left out: match.args.${arg}.regex does not compile (${(e as Error).message.replace(/^Invalid regular expression: /, '')}); the rest of the file still loads`,
              { ...o, at: [...at, 'match', 'args', arg, 'regex'] },
            );
            return null;
          }
        }
      }
      checkTemplates(hook, at, index);
      if (hook.run.type === 'shell' && hook.run.args?.length) {
        sink.warn('args_ignored', 'args is ignored for type: shell; put the arguments in the shell string', {
          ...o,
          at: [...at, 'run', 'args'],
        });
      }
      const handler = toHandler(hook, at, index);
      if (!detachOk) return null;
      return makeRule(
        {
          index,
          name: hook.id,
          events: [hook.event],
          handler,
          timeoutMs: Math.round((ex.timeout_seconds ?? CHRYS_DEFAULT_TIMEOUT_SECONDS) * 1000),
          mode,
          errorPolicy: ex.on_error ?? 'warn',
          enabled: hook.enabled ?? true,
          detach: ex.detach ?? false,
          durable,
          match: m ?? null,
          matcher: m ? summarizeMatch(m) : null,
          env: hook.run.env ?? {},
          cwd: hook.run.cwd ? hook.run.cwd : null,
          description: hook.description ?? null,
        },
        doc.locate(at),
      );
    }

    /** detach needs fire_and_forget; false (and an error) otherwise. */
    function checkDetach(
      ex: NonNullable<ChrysHook['execution']>,
      at: (string | number)[],
      index: number,
    ): boolean {
      const mode = ex.mode ?? 'fire_and_forget';
      if (!ex.detach || mode === 'fire_and_forget') return true;
      sink.error(
        'detach_needs_fire_and_forget',
        `detach: true is only valid with mode: fire_and_forget (this hook is ${mode}); a detached process cannot be awaited`,
        { ruleIndex: index, at: [...at, 'execution', 'detach'] },
      );
      return false;
    }

    function toHandler(hook: ChrysHook, at: (string | number)[], index: number): Handler {
      const run = hook.run;
      if (run.type === 'command') return { kind: 'exec', argv: [...run.argv, ...(run.args ?? [])] };
      if (run.type === 'shell') return { kind: 'shell', command: run.shell };
      const path = isAbsolute(run.path) ? run.path : resolve(base, run.path);
      if (!existsSync(path)) {
        const hint = isAbsolute(run.path) ? '' : ` (relative paths resolve against ${base})`;
        sink.warn(
          'script_not_found',
          `script ${path} does not exist${hint}; the hook will fail when it fires`,
          { ruleIndex: index, at: [...at, 'run', 'path'] },
        );
      }
      return {
        kind: 'script',
        path,
        interpreter: interpreterFor(path, ctx.host.env.PATH, ctx.host.platform),
        args: run.args ?? [],
      };
    }

    function checkTemplates(hook: ChrysHook, at: (string | number)[], index: number): void {
      const fields: [string[], string][] = Object.entries(hook.run.env ?? {}).map(([k, v]) => [
        ['run', 'env', k],
        v,
      ]);
      if (hook.run.cwd) fields.push([['run', 'cwd'], hook.run.cwd]);
      for (const [where, text] of fields) {
        for (const [, name] of text.matchAll(/\$\{([^}]*)\}/g)) {
          if (!TEMPLATE_VARIABLES.includes(name!)) {
            sink.warn(
              'unknown_template_variable',
              `\${${name}} is not a template variable; available: ${TEMPLATE_VARIABLES.map((v) => `\${${v}}`).join(', ')}`,
              { ruleIndex: index, at: [...at, ...where] },
            );
          }
        }
      }
    }
  },
  combine(sources: Source[], ctx) {
    // "the other file is still used" only where there is one.
    for (const s of sources.filter((x) => x.state === 'invalid')) {
      const other = sources.find((x) => x !== s && x.state !== 'absent');
      if (other) continue;
      for (const d of s.diagnostics)
        if (d.code.endsWith('hooks_config_invalid'))
          d.message = `the ${s.layer} hooks file was rejected, so none of its hooks run (there is no ${s.projectScoped ? 'global' : 'project'} file to fall back on)`;
    }
    const project = sources.find((s) => s.layer === 'project' && s.state !== 'absent');
    if (project && !dialectOption(ctx.settings, manifest, 'projectHooksEnabled')) {
      if (project.state === 'active' || project.state === 'untrusted') project.state = 'dormant';
      const sink = new DiagnosticSink(project.path);
      sink.warn(
        'project_hooks_dormant',
        'project hooks are dormant: they load only while your own project.hooks_enabled setting is on (Settings → chrys; a project file cannot turn it on)',
      );
      project.diagnostics.unshift(...sink.list);
      for (const r of project.rules) {
        r.dormant = true;
        r.dormantReason = 'chrys project hooks are off (project.hooks_enabled)';
      }
    }
    const loaded = sources.filter((s) => s.state !== 'absent' && s.state !== 'invalid');
    if (loaded.length < 2) return;
    const [first, second] = loaded as [Source, Source];
    for (const rule of second.rules) {
      const twin = first.rules.find((r) => r.name === rule.name);
      if (!twin) continue;
      const sink = new DiagnosticSink(second.path);
      sink.warn(
        'id_collision',
        `id "${rule.name}" is also used in ${first.path}; both hooks run (project first). To suppress the global one, set enabled: false in the global file`,
        {
          ruleIndex: rule.index,
          position: rule.line ? { line: rule.line, column: rule.column ?? 1 } : null,
        },
      );
      second.diagnostics.push(...sink.list);
    }
  },
});

function summarizeMatch(m: NonNullable<ChrysHook['match']>): string {
  const parts: string[] = [];
  if (m.profile) parts.push(`profile=${m.profile}`);
  if (m.profiles) parts.push(`profiles=${m.profiles.join('|')}`);
  if (m.tool_kind) parts.push(`tool_kind=${m.tool_kind}`);
  if (m.tool_name) parts.push(`tool_name=${m.tool_name}`);
  for (const [k, c] of Object.entries(m.args ?? {})) {
    for (const [op, v] of Object.entries(c)) parts.push(`args.${k} ${op} ${JSON.stringify(v)}`);
  }
  return parts.join(', ');
}
