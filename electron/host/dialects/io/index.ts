// io (../shared/seeds/001_c82f53472102826d.txt): `[[hook]]` tables in io.toml — observers (`on`, `append`)
// and the `before_tool` gate.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { Rule, Source } from '../../../../shared/model.js';
import { DiagnosticSink } from '../../diagnostics/sink.js';
import { describeValue, reportZodIssues } from '../../diagnostics/zod-issues.js';
import { xdgConfigHome } from '../../paths.js';
import { programFinder } from '../../util/which.js';
import { defineDialect } from '../dialect.js';
import { IO_GATE } from './events.js';
import { manifest } from './manifest.js';
import { ioRuntime } from './runtime.js';
import { isPlainObject, makeRule } from '../rule.js';

export const IO_DEFAULT_TIMEOUT_MS = 5000;

const HookSchema = z.strictObject({
  on: z.array(z.string().min(1)).optional(),
  at: z.literal(IO_GATE).optional(),
  tools: z.array(z.string().min(1)).optional(),
  run: z.array(z.string()).min(1).optional(),
  append: z.string().min(1).optional(),
  on_failure: z.enum(['continue', 'cancel', 'refuse']).optional(),
  timeout_ms: z.number().int().positive().optional(),
});
type IoHook = z.infer<typeof HookSchema>;

export default defineDialect(manifest, {
  runtime: ioRuntime,
  formatOf: () => 'toml',
  locate({ host, workspace }) {
    const user = join(xdgConfigHome(host), 'io', 'io.toml');
    const out = [
      {
        path: user,
        layer: 'user',
        priority: 0,
        role: 'hosted' as const,
        projectScoped: false,
        format: 'toml' as const,
      },
    ];
    if (workspace) {
      out.push(
        {
          path: join(workspace, 'io.toml'),
          layer: 'project',
          priority: 1,
          role: 'hosted',
          projectScoped: true,
          format: 'toml',
        },
        {
          path: join(workspace, 'io.local.toml'),
          layer: 'local',
          priority: 2,
          role: 'hosted',
          projectScoped: true,
          format: 'toml',
        },
      );
    }
    return out;
  },
  load(doc, candidate, sink, ctx) {
    const value = doc.value;
    if (!isPlainObject(value) || value.hook === undefined) return { rules: [], valid: true };
    const tables = value.hook;
    if (candidate.projectScoped) {
      const userFile = join(xdgConfigHome(ctx.host), 'io', 'io.toml');
      sink.error(
        'project_hook_refused',
        `while reading ${candidate.path}:\n  the key "hook" ([[hook]]) is not allowed in a project-scoped file: a hook runs a command on this machine, ` +
          (candidate.layer === 'local'
            ? `and ${basename(candidate.path)} sits in a root the run's own agent can write to, so one write of it would declare a program the next start runs. `
            : `and ${basename(candidate.path)} is the file a git clone delivers. `) +
          `io-harness refuses the whole configuration; declare the table in your user file ${userFile}`,
        { position: doc.locate(['hook', 0]) },
      );
      return { rules: [], valid: true, state: 'refused' };
    }
    if (!Array.isArray(tables)) {
      sink.error(
        'wrong_shape',
        `expected an array of tables written as [[hook]], got ${describeValue(tables)}`,
        { at: ['hook'] },
      );
      return { rules: [], valid: false };
    }
    const rules: Rule[] = [];
    let errors = 0;
    const find = programFinder(ctx.host.env.PATH, ctx.host.platform);
    tables.forEach((entry, index) => {
      const at = ['hook', index];
      const mark = sink.list.length;
      if (!isPlainObject(entry)) {
        sink.error('wrong_type', `expected a [[hook]] table, got ${describeValue(entry)}`, {
          at,
          ruleIndex: index,
        });
        errors++;
        return;
      }
      if (typeof entry.run === 'string') {
        const words = entry.run
          .trim()
          .split(/\s+/)
          .map((w) => JSON.stringify(w));
        sink.error(
          'run_is_string',
          `run is an argv array, never a shell string: nothing is word-split or expanded; write run = [${words.join(', ')}]`,
          { at: [...at, 'run'], ruleIndex: index },
        );
      }
      const parsed = HookSchema.safeParse(entry, { reportInput: true });
      if (!parsed.success) {
        reportZodIssues(
          sink,
          HookSchema,
          parsed.error.issues.filter((i) => !(i.path[0] === 'run' && typeof entry.run === 'string')),
          at,
          index,
        );
      }
      // Which keys are set is checked as written, whatever else is wrong with the table.
      checkCombination(entry as IoHook, at, index);
      if (sink.errorsSince(mark) > 0) {
        errors++;
        return;
      }
      const hook = parsed.data!;
      warnSilentFailures(hook, at, index);
      rules.push(toRule(hook, index, doc.locate(at)));
    });
    // io-harness builds its Config from the whole file: one bad table and there is no Config.
    return { rules, valid: errors === 0 };

    function checkCombination(h: IoHook, at: (string | number)[], index: number): void {
      const o = { ruleIndex: index };
      if (h.on !== undefined && h.at !== undefined) {
        sink.error(
          'on_and_at',
          'on and at are mutually exclusive: on observes events, at gates a tool call; keep one',
          { ...o, at: [...at, 'at'] },
        );
      }
      if (h.at !== undefined && h.run === undefined) {
        sink.error(
          'gate_without_run',
          `an at = "${IO_GATE}" hook must have a run (the program that decides)`,
          { ...o, at: [...at, 'at'] },
        );
      }
      if ((h.run === undefined) === (h.append === undefined)) {
        sink.error(
          'run_xor_append',
          h.run
            ? 'set exactly one of append and run, not both: a hook that did both would be a hook whose failure meant two things'
            : 'set exactly one of append (write events down) or run (run a program)',
          { ...o, at: h.run ? [...at, 'append'] : at },
        );
      }
      if (h.on === undefined && h.at === undefined) {
        sink.warn(
          'no_on_or_at',
          'neither on nor at is set, so this hook observes every event; write on = [] to say so, or list the events you want',
          { ...o, at },
        );
      }
      if (h.tools && h.at === undefined) {
        sink.warn(
          'tools_without_gate',
          `tools only narrows an at = "${IO_GATE}" gate; on an observer it has no effect`,
          { ...o, at: [...at, 'tools'] },
        );
      }
      if (h.on_failure === 'refuse' && h.at === undefined) {
        sink.warn(
          'refuse_without_gate',
          'on_failure = "refuse" turns one tool call back, which only a before_tool gate has; an observer that fails just continues',
          { ...o, at: [...at, 'on_failure'] },
        );
      }
    }

    function warnSilentFailures(h: IoHook, at: (string | number)[], index: number): void {
      // io-harness reports a failing hook nowhere a user sees it, so Hookpanel checks ahead.
      const base = candidate.projectScoped ? dirname(candidate.path) : ctx.workspace;
      if (h.run) {
        const program = h.run[0]!;
        const relative = !isAbsolute(program) && program.includes('/');
        if (!(relative && base === null) && !find(program, base)) {
          sink.warn(
            'program_not_found',
            `"${program}" ${program.includes('/') ? 'does not exist or is not executable' : 'was not found on PATH'}; io-harness would fail this hook silently${h.on_failure === 'cancel' ? ' and cancel the turn without saying which hook did it' : ''}`,
            { at: [...at, 'run', 0], ruleIndex: index },
          );
        }
      }
      if (h.append) {
        if (!isAbsolute(h.append) && base === null) return;
        const target = isAbsolute(h.append) ? h.append : resolve(base!, h.append);
        const why = unwritable(target);
        if (why)
          sink.warn(
            'append_not_writable',
            `${target} cannot be written (${why}); io-harness would drop these events silently`,
            { at: [...at, 'append'], ruleIndex: index },
          );
      }
    }
  },
  combine(sources: Source[]) {
    const refusedBy = sources.find((s) => s.state === 'refused');
    if (!refusedBy) return;
    for (const s of sources) {
      if (s === refusedBy || s.state === 'absent') continue;
      s.state = 'refused';
      const sink = new DiagnosticSink(s.path);
      sink.error(
        'config_refused',
        `io-harness refuses the whole configuration because ${refusedBy.path} declares [[hook]]; no io hook runs in this workspace until that table is moved to the user file`,
      );
      s.diagnostics.push(...sink.list);
    }
  },
});

function toRule(h: IoHook, index: number, position: { line: number; column: number } | null): Rule {
  const gate = h.at !== undefined;
  return makeRule(
    {
      index,
      name: `hook-${index}`,
      events: gate ? [IO_GATE] : h.on?.length ? h.on : ['*'],
      handler: h.run ? { kind: 'exec', argv: h.run } : { kind: 'append', path: h.append! },
      timeoutMs: h.timeout_ms ?? IO_DEFAULT_TIMEOUT_MS,
      mode: gate ? 'blocking' : 'observer',
      errorPolicy: h.on_failure ?? 'continue',
      tools: h.tools ?? null,
      matcher: h.tools ? h.tools.join(', ') : null,
    },
    position,
  );
}

function unwritable(target: string): string | null {
  try {
    if (existsSync(target)) {
      if (statSync(target).isDirectory()) return 'it is a directory';
      accessSync(target, constants.W_OK);
      return null;
    }
    const dir = dirname(target);
    if (!existsSync(dir)) return `the folder ${dir} does not exist`;
    accessSync(dir, constants.W_OK);
    return null;
  } catch {
    return 'permission denied';
  }
}
