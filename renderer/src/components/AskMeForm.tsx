// Which tools Ask me covers for one agent and how long a request waits: every tool, or chosen ones
// (chips: the agent's common tools and those it asked about in History, plus any name typed), and the
// wait in seconds. Checked by zod before it is sent; each problem is said beside its field.
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import type { AskMe } from '../../../shared/permissions.js';
import type { AskMeStatus } from '../../../shared/ipc.js';
import { AskMeToolChips, ToolNameSchema } from './AskMeToolChips.js';

/** The agent's own timeout for a PermissionRequest hook, which connect writes out. */
const HOOK_TIMEOUT_S = 600;

const FormSchema = z.object({
  only: z.boolean(),
  tools: z.array(ToolNameSchema),
  wait: z
    .string()
    .trim()
    .regex(/^\d+$/, 'A whole number of seconds')
    .transform(Number)
    .pipe(z.number().min(1, 'At least 1 second').max(3600, 'At most 3600 seconds')),
});
const NO_TOOL = 'Choose at least one tool, or Every tool';

type Problems = Partial<Record<'tools' | 'wait' | 'other' | 'save', string>>;

export function AskMeForm({
  agent,
  ask,
  status,
  save,
}: {
  agent: string;
  ask: AskMe;
  status: AskMeStatus | null;
  /** Saves this agent's Ask me; rejects with what went wrong. */
  save: (next: AskMe) => Promise<unknown>;
}) {
  const label = status?.label ?? agent;
  const [only, setOnly] = useState(ask.tools.length > 0);
  const [tools, setTools] = useState<string[]>(ask.tools);
  const [wait, setWait] = useState(String(ask.waitSeconds));
  const [problems, setProblems] = useState<Problems>({});
  const [saved, setSaved] = useState(false);
  const id = useId();
  // The saved values, when they change elsewhere (the command line, another window).
  const savedTools = ask.tools.join('\n');
  useEffect(() => {
    setOnly(savedTools !== '');
    setTools(savedTools ? savedTools.split('\n') : []);
    setWait(String(ask.waitSeconds));
  }, [savedTools, ask.waitSeconds]);
  const offered = [...new Set([...(status?.tools ?? []), ...tools])];
  const asked = new Set(status?.asked ?? []);
  const touch = () => setSaved(false);
  const toggle = (t: string) => {
    touch();
    setProblems((p) => ({ ...p, tools: undefined, other: undefined }));
    setOnly(true);
    setTools((now) => (now.includes(t) ? now.filter((x) => x !== t) : [...now, t]));
  };
  const add = (name: string | null, problem: string | null) => {
    setProblems({ ...problems, other: problem ?? undefined, tools: problem ? problems.tools : undefined });
    if (!name) return;
    if (!tools.includes(name)) setTools([...tools, name]);
    setOnly(true);
    touch();
  };
  const submit = async () => {
    const form = FormSchema.safeParse({ only, tools, wait });
    // Said even when the wait is wrong too: every problem at once, each beside its field.
    const found: Problems = only && !tools.length ? { tools: NO_TOOL } : {};
    if (!form.success)
      for (const issue of form.error.issues) {
        const key = issue.path[0] === 'wait' ? 'wait' : 'tools';
        found[key] ??= issue.message;
      }
    setProblems(found);
    if (!form.success || found.tools) return;
    const next: AskMe = {
      on: ask.on,
      tools: form.data.only ? form.data.tools : [],
      waitSeconds: form.data.wait,
    };
    try {
      await save(next);
      setSaved(true);
    } catch (e) {
      setProblems({ save: `Not saved: ${(e as Error).message}` });
    }
  };
  const dirty =
    wait.trim() !== String(ask.waitSeconds) || (only ? tools : []).join('\n') !== ask.tools.join('\n');
  return (
    <form
      className="ask-me-form"
      // Checked here, each problem beside its field, rather than by the browser's own bubbles.
      noValidate
      aria-label={`Ask me settings for ${label}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="ask-me-tools" aria-describedby={`${id}-tools-problem`}>
        <legend>Which requests</legend>
        {status?.scope && <p className="muted">{status.scope}</p>}
        <label className="inline">
          <input
            type="radio"
            name={`${id}-which`}
            checked={!only}
            onChange={() => {
              setOnly(false);
              touch();
            }}
          />{' '}
          Every tool
        </label>
        <label className="inline">
          <input
            type="radio"
            name={`${id}-which`}
            checked={only}
            onChange={() => {
              setOnly(true);
              touch();
            }}
          />{' '}
          Only these tools:
        </label>
        <AskMeToolChips
          label={label}
          offered={offered}
          asked={asked}
          chosen={only ? tools : []}
          toggle={toggle}
          add={add}
          // An agent that asks about one kind of call only (Codex) has no other tool to name.
          other={!status?.scope}
          invalid={!!problems.other}
        />
        <span id={`${id}-tools-problem`} className="field-problem" role="alert">
          {problems.other ?? problems.tools ?? ''}
        </span>
      </fieldset>
      <label className="ask-me-wait">
        Wait for my answer up to{' '}
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={3600}
          aria-label={`seconds a request from ${label} waits`}
          aria-invalid={!!problems.wait}
          aria-describedby={`${id}-wait-help ${id}-wait-problem`}
          value={wait}
          onChange={(e) => {
            setWait(e.target.value);
            setProblems((p) => ({ ...p, wait: undefined }));
            touch();
          }}
        />{' '}
        seconds
      </label>
      <span id={`${id}-wait-problem`} className="field-problem" role="alert">
        {problems.wait ?? ''}
      </span>
      <p id={`${id}-wait-help`} className="muted">
        {label} gives the hook at most {HOOK_TIMEOUT_S} s; keep this under that so Hookpanel answers “no
        decision” first and {label} asks you itself.
        {Number(wait) >= HOOK_TIMEOUT_S && ` At ${wait} s, ${label} stops waiting first.`}
      </p>
      <div className="toolbar">
        <button type="submit" className="primary" disabled={!dirty}>
          Save
        </button>
        <span className={problems.save ? 'field-problem' : 'field-ok muted'} role="status">
          {problems.save ?? (saved && !dirty ? 'Saved' : '')}
        </span>
      </div>
    </form>
  );
}
