// arya (../shared/seeds/000_ba1a3d8d5091bbc1.txt): AryaCode's polish/hooks.json — exec-only, observational
// rules on four events.
import { join } from 'node:path';
import { z } from 'zod';
import type { Rule } from '../../../../shared/model.js';
import { unknownEventMessage } from '../../diagnostics/unknown-event.js';
import { describeValue, reportZodIssues } from '../../diagnostics/zod-issues.js';
import { programFinder } from '../../util/which.js';
import { defineDialect } from '../dialect.js';
import { ARYA_EVENTS, ARYA_REFUSED_EVENTS } from './events.js';
import { manifest } from './manifest.js';
import { aryaRuntime } from './runtime.js';
import { isPlainObject, makeRule } from '../rule.js';

export const ARYA_DEFAULT_TIMEOUT_MS = 10_000;
export const ARYA_MAX_TIMEOUT_MS = 120_000;
const UNSHIPPED_KINDS = ['mcp_tool', 'inject', 'decide'];
const EVENT_NAMES = ARYA_EVENTS.map((e) => e.name);

const ActionSchema = z.strictObject({
  kind: z.literal('exec'),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
});
const RuleSchema = z.strictObject({
  name: z.string().min(1).optional(),
  on: z.string(),
  action: ActionSchema,
});

export default defineDialect(manifest, {
  runtime: aryaRuntime,
  formatOf: () => 'json',
  locate({ host }) {
    const harnessHome = host.env.ARYA_HOME || join(host.home, '.arya');
    return [
      {
        path: join(harnessHome, 'polish', 'hooks.json'),
        layer: 'user',
        priority: 0,
        role: 'hosted',
        projectScoped: false,
        format: 'json',
      },
    ];
  },
  load(doc, _candidate, sink, ctx) {
    const value = doc.value;
    let list: unknown[];
    let base: (string | number)[];
    if (Array.isArray(value)) {
      list = value;
      base = [];
    } else if (isPlainObject(value) && Array.isArray(value.hooks)) {
      list = value.hooks;
      base = ['hooks'];
      for (const key of Object.keys(value)) {
        if (key !== 'hooks')
          sink.warn('unknown_key', `unknown top-level key "${key}" is ignored; the file holds only "hooks"`, {
            at: [key],
            part: 'key',
          });
      }
    } else {
      const got = isPlainObject(value)
        ? value.hooks === undefined
          ? 'an object without a "hooks" key'
          : `"hooks" set to ${describeValue(value.hooks)}`
        : describeValue(value);
      sink.error(
        'wrong_shape',
        `expected a JSON array of rules or an object { "hooks": [...] }, got ${got}`,
        { position: doc.locate(isPlainObject(value) && value.hooks !== undefined ? ['hooks'] : []) },
      );
      return { rules: [], valid: false };
    }

    const rules: Rule[] = [];
    const names = new Map<string, number>();
    const find = programFinder(ctx.host.env.PATH, ctx.host.platform);
    list.forEach((entry, index) => {
      const at = [...base, index];
      const mark = sink.list.length;
      if (!isPlainObject(entry)) {
        sink.error('wrong_type', `expected a rule object, got ${describeValue(entry)}`, {
          at,
          ruleIndex: index,
        });
        return;
      }
      const reported = checkEventAndKind(entry, at, index);
      const parsed = RuleSchema.safeParse(entry, { reportInput: true });
      if (!parsed.success) {
        const rest = parsed.error.issues.filter((i) => !reported.has(i.path.join('.')));
        reportZodIssues(sink, RuleSchema, rest, at, index);
      }
      // Names are compared as written, so a clash shows even while one of the two rules has errors.
      const name = typeof entry.name === 'string' && entry.name ? entry.name : `rule-${index}`;
      const prior = names.get(name);
      if (prior !== undefined)
        sink.warn(
          'duplicate_name',
          `rule name "${name}" is also used by rule ${prior}; the panel will show both`,
          { at: [...at, 'name'], ruleIndex: index },
        );
      else names.set(name, index);
      if (sink.errorsSince(mark) > 0) return;
      const rule = entry as z.infer<typeof RuleSchema>;

      let timeoutMs = rule.action.timeoutMs ?? ARYA_DEFAULT_TIMEOUT_MS;
      if (timeoutMs > ARYA_MAX_TIMEOUT_MS) {
        sink.warn(
          'timeout_clamped',
          `${timeoutMs} ms is above the 120000 ms limit; the rule runs with a 120 s timeout`,
          { at: [...at, 'action', 'timeoutMs'], ruleIndex: index },
        );
        timeoutMs = ARYA_MAX_TIMEOUT_MS;
      }
      const { command } = rule.action;
      if (/\s/.test(command.trim()) && !rule.action.args?.length) {
        sink.warn(
          'command_has_spaces',
          `"${command}" is run as one program name without a shell; put its arguments in "args", e.g. "command": "${command.trim().split(/\s+/)[0]}", "args": [...]`,
          { at: [...at, 'action', 'command'], ruleIndex: index },
        );
      } else if (!find(command, ctx.workspace)) {
        sink.warn(
          'program_not_found',
          `"${command}" was not found${command.includes('/') ? '' : ' on PATH'}; this rule will record a failed dispatch each time it fires`,
          { at: [...at, 'action', 'command'], ruleIndex: index },
        );
      }
      rules.push(
        makeRule(
          {
            index,
            name,
            events: [rule.on],
            handler: { kind: 'exec', argv: [command, ...(rule.action.args ?? [])] },
            timeoutMs,
            mode: 'observer',
            errorPolicy: 'record',
          },
          doc.locate(at),
        ),
      );
    });
    return { rules, valid: true };

    /** The seed's own words for refused events and unshipped kinds; returns the paths it reported. */
    function checkEventAndKind(
      entry: Record<string, unknown>,
      at: (string | number)[],
      index: number,
    ): Set<string> {
      const reported = new Set<string>();
      const on = entry.on;
      if (typeof on === 'string' && (ARYA_REFUSED_EVENTS[on] || !EVENT_NAMES.includes(on)))
        reported.add('on');
      if (typeof on === 'string' && ARYA_REFUSED_EVENTS[on]) {
        sink.error('event_refused', `"${on}" cannot be subscribed to: it ${ARYA_REFUSED_EVENTS[on]}`, {
          at: [...at, 'on'],
          ruleIndex: index,
        });
      } else if (typeof on === 'string' && !EVENT_NAMES.includes(on)) {
        sink.error(
          'unknown_event',
          unknownEventMessage({
            agent: 'AryaCode',
            event: on,
            known: EVENT_NAMES,
            hooks: 1,
            listKnown: true,
          }),
          { at: [...at, 'on'], ruleIndex: index },
        );
      }
      const action = entry.action;
      const kind = isPlainObject(action) ? action.kind : undefined;
      if (typeof kind === 'string' && kind !== 'exec') {
        const why = UNSHIPPED_KINDS.includes(kind)
          ? `is named in the design but not shipped yet`
          : `is not an action kind`;
        sink.error('unsupported_kind', `"${kind}" ${why}; only "exec" runs`, {
          at: [...at, 'action', 'kind'],
          ruleIndex: index,
        });
        reported.add('action.kind');
      }
      return reported;
    }
  },
});
