// Whether each agent will itself run each hook of its own files: an agent has a trust gate of its own
// that skips hooks without a word (Codex's per-hook trust, Gemini CLI's folder trust). Each agent's part
// is `trust.ts` in its dialect's folder, found by convention; the rest of Hookpanel sees one report per
// agent: per hook, runs / skips / unknown, in words, and how to make the agent run what it skips.
import type { Rule, Source } from '../../../shared/model.js';
import { describeHandler } from '../../../shared/rule-name.js';
import type { AgentHookTrust, AgentTrustReport } from '../../../shared/ipc.js';
import type { LoadContext } from '../dialects/dialect.js';
import { agentParts, type AgentPart } from './agent-parts.js';

export type { AgentHookTrust, AgentTrustReport };

/**
 * What recording an agent's trust for hooks a person saw did, said in `message`: recorded, or refused
 * (nothing recorded: a hook changed since it was shown, the agent is not installed or did not answer,
 * or its trust is not Hookpanel's to record). Only a recorded trust changes what the panel shows.
 */
export type HooksTrustRecorded = { kind: 'recorded'; message: string } | { kind: 'refused'; message: string };

/** What an agent's trust.ts exports. */
export interface AgentTrustPart {
  /** The agent's verdict on every hook of its inspected sources. */
  report(sources: Source[], ctx: LoadContext): Promise<AgentTrustReport>;
  /**
   * Records the agent's own trust for these hooks, exactly as shown (key and hash); refuses any that
   * changed since. Absent where the agent has no per-hook trust to record (Gemini trusts folders).
   */
  trust?(hooks: { key: string; hash: string }[], ctx: LoadContext): Promise<HooksTrustRecorded>;
  /**
   * `hookpanel trust FILE` and Trust this version: records the agent's own trust for every hook of one
   * of its files, as loaded (what the person reviewed); `refused`, saying why, where the agent could
   * not be changed (not installed, not reachable, not loading the file). Absent where the agent's trust
   * is not Hookpanel's to record.
   */
  trustFile?(source: Source, ctx: LoadContext): Promise<AgentChange>;
  /** `hookpanel untrust FILE` and Revoke: takes back the agent's own trust of every hook of the file. */
  untrustFile?(path: string, ctx: LoadContext): Promise<AgentChange>;
}

/** Which hook a verdict is about, as every agent's report names it. */
export function hookOf(
  source: Source,
  rule: Rule,
): Pick<AgentHookTrust, 'path' | 'ruleIndex' | 'rule' | 'event' | 'matcher' | 'command'> {
  return {
    path: source.path,
    ruleIndex: rule.index,
    rule: rule.name,
    event: rule.events[0]!,
    matcher: rule.matcher,
    command: describeHandler(rule.handler),
  };
}

/**
 * What Hookpanel did to an agent's own trust of one file, said in `message`. A tagged outcome, not an
 * `ok` flag: file-trust.ts trusts nothing in Hookpanel unless the agent's trust was recorded, and says
 * a different thing when the agent keeps running what was taken back.
 */
export type AgentChange =
  /** The agent's trust is as asked now: recorded or taken back, or it was so already. */
  | { kind: 'done'; message: string }
  /**
   * Nothing was changed in the agent: it could not be (not installed, not reachable, not loading the
   * file, a "do not trust" of its own) or it is not Hookpanel's to change. `then`, where given, is what
   * to say instead of the default "trust it again once … can record it".
   */
  | { kind: 'refused'; message: string; then?: string }
  /** Taken back, but the agent runs some of the file's hooks whatever is recorded (managed by policy). */
  | { kind: 'still-runs'; message: string };

let parts: Promise<AgentPart<AgentTrustPart>[]> | null = null;

/** Every agent dialect with a trust.ts (an agent without a trust gate has none), in the manifests' order. */
export function agentTrustParts(): Promise<AgentPart<AgentTrustPart>[]> {
  parts ??= agentParts<AgentTrustPart>('trust', 'trust', 'optional');
  return parts;
}

/** Each agent's verdict on the hooks of its own files, for the workspace the sources were loaded for. */
export async function agentTrustReports(sources: Source[], ctx: LoadContext): Promise<AgentTrustReport[]> {
  return Promise.all(
    (await agentTrustParts()).map(({ id, part }) =>
      part.report(
        sources.filter((s) => s.dialect === id),
        ctx,
      ),
    ),
  );
}

/** Records an agent's own trust for hooks a person saw, where the agent lets Hookpanel do so. */
export async function recordAgentTrust(
  dialect: string,
  hooks: { key: string; hash: string }[],
  ctx: LoadContext,
): Promise<HooksTrustRecorded> {
  const found = (await agentTrustParts()).find((p) => p.id === dialect);
  if (!found?.part.trust)
    return { kind: 'refused', message: `${dialect}'s own trust is not something Hookpanel records` };
  return found.part.trust(hooks, ctx);
}

/**
 * The agents' verdicts as problems of their files, for `hookpanel check`: a warning at each hook the
 * agent will skip, and once per file how to fix it, or that the verdict is unknown and why.
 */
export async function addAgentTrustNotes(sources: Source[], ctx: LoadContext): Promise<void> {
  for (const report of await agentTrustReports(sources, ctx)) {
    for (const source of sources.filter((s) => s.dialect === report.dialect)) {
      const mine = report.hooks.filter((h) => h.path === source.path);
      const skips = mine.filter((h) => h.status === 'skips');
      const unknown = mine.find((h) => h.status === 'unknown');
      const place = (h: AgentHookTrust) => source.rules.find((r) => r.index === h.ruleIndex);
      const note = (severity: 'warning' | 'info', message: string, h: AgentHookTrust | null) =>
        source.diagnostics.push({
          severity,
          code: severity === 'warning' ? 'agent_will_skip' : 'agent_trust',
          message,
          path: source.path,
          line: h ? (place(h)?.line ?? null) : null,
          column: h ? (place(h)?.column ?? null) : null,
          ruleIndex: h?.ruleIndex ?? null,
          key: null,
          excerpt: null,
        });
      for (const h of skips) note('warning', `${h.rule}: ${h.message}`, h);
      if (skips.length && report.fix)
        note(
          'info',
          `${report.label} will skip ${skips.length === 1 ? 'a hook' : `${skips.length} hooks`} here. ${report.fix}`,
          null,
        );
      if (unknown) note('info', `Whether ${report.label} will run these hooks is ${unknown.message}`, null);
    }
  }
}
