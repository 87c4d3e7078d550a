// The tools Ask me can be limited to, as chips to press: those offered (the agent's common tools and
// those it asked about before), and a field for another name (an MCP tool, say), checked by zod.
import { useState } from 'react';
import { z } from 'zod';

export const ToolNameSchema = z
  .string()
  .trim()
  .min(1, 'Type a tool name')
  .max(200, 'A tool name is at most 200 characters')
  .regex(/^[^\s,]+$/, 'A tool name has no spaces or commas (Bash, Write, mcp__server__tool)');

export function AskMeToolChips({
  label,
  offered,
  asked,
  chosen,
  toggle,
  add,
  other: allowOther,
  invalid,
}: {
  /** The agent's name, for the controls' labels. */
  label: string;
  offered: readonly string[];
  asked: ReadonlySet<string>;
  chosen: readonly string[];
  toggle: (tool: string) => void;
  /** Adds a typed name; `problem` says why one was refused (null clears it). */
  add: (tool: string | null, problem: string | null) => void;
  /** Whether a name can be typed (not for an agent that asks about one kind of call only). */
  other: boolean;
  /** The typed name was refused (said beside the field by the form). */
  invalid: boolean;
}) {
  const [text, setText] = useState('');
  const addText = () => {
    const name = ToolNameSchema.safeParse(text);
    if (!name.success) return add(null, name.error.issues[0]!.message);
    add(name.data, null);
    setText('');
  };
  return (
    <div className="tool-chips" role="group" aria-label={`tools Ask me covers for ${label}`}>
      {offered.map((t) => (
        <button
          key={t}
          type="button"
          className={`tool-chip${chosen.includes(t) ? ' on' : ''}`}
          aria-pressed={chosen.includes(t)}
          title={asked.has(t) ? `${label} has asked about ${t} before (History)` : undefined}
          onClick={() => toggle(t)}
        >
          {chosen.includes(t) && <span aria-hidden="true">✓ </span>}
          {t}
          {asked.has(t) && <span className="muted"> · asked before</span>}
        </button>
      ))}
      {allowOther && (
        <span className="tool-other">
          <input
            aria-label={`another tool for ${label}`}
            placeholder="another tool, e.g. mcp__github__create_issue"
            value={text}
            aria-invalid={invalid}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addText();
              }
            }}
          />{' '}
          <button type="button" onClick={addText}>
            Add
          </button>
        </span>
      )}
    </div>
  );
}
