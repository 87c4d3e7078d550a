// What an event was about, in one line: the tool and its command or file, or the prompt's first words.
// Computed from the payload when the event is recorded (and, for records from before, when it is read),
// so lists show it without the payload. Runtime-neutral: the engine, the history and the panel use it.
// Free of zod at run time (its shape, CallSummarySchema, is with the records' in dispatch.ts): the history
// worker summarises old records, and zod cost its thread ~60 ms of CPU at every start.
import type { CallSummary } from './dispatch.js';

export type { CallSummary };

/** Longest subject kept, in characters: a row's line, with room to spare. */
export const SUBJECT_MAX = 240;

const COMMAND_KEYS = ['command', 'cmd', 'script'];
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'file', 'absolute_path'];
const TEXT_KEYS = ['pattern', 'url', 'query', 'description', 'prompt'];
const PROMPT_KEYS = ['prompt', 'user_prompt', 'message', 'text'];

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A tool's arguments: pw/Claude Code/Codex/Gemini `tool_input`, io `args`, chrys `tool.args`, Copilot `toolArgs`. */
function argsOf(p: Record<string, unknown>): Record<string, unknown> | string | null {
  const tool = record(p.tool);
  const raw = p.tool_input ?? p.toolInput ?? p.args ?? tool?.args ?? p.toolArgs ?? null;
  if (typeof raw === 'string') {
    try {
      return record(JSON.parse(raw)) ?? raw;
    } catch {
      return raw;
    }
  }
  if (Array.isArray(raw)) return raw.every((a) => typeof a === 'string') ? raw.join(' ') : null;
  return record(raw);
}

function toolName(p: Record<string, unknown>): string | null {
  for (const v of [p.tool_name, p.toolName, p.tool, record(p.tool)?.name])
    if (typeof v === 'string' && v) return v;
  return null;
}

function firstString(o: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v;
    if (Array.isArray(v) && v.length && v.every((a) => typeof a === 'string')) return v.join(' ');
  }
  return null;
}

function bounded(text: string): string {
  const one = text.trim();
  return one.length > SUBJECT_MAX ? `${one.slice(0, SUBJECT_MAX - 1)}…` : one;
}

/** The summary of an event's payload (as the agent sent it, before any bound on what is stored). */
export function callSummary(payload: unknown): CallSummary {
  const p = record(payload);
  if (!p) return { tool: null, subject: null, kind: null };
  const tool = toolName(p);
  if (tool) {
    const args = argsOf(p);
    if (typeof args === 'string') return { tool, subject: bounded(args), kind: 'text' };
    if (args) {
      const command = firstString(args, COMMAND_KEYS);
      if (command) return { tool, subject: bounded(command), kind: 'command' };
      const path = firstString(args, PATH_KEYS);
      if (path) return { tool, subject: bounded(path), kind: 'path' };
      const text = firstString(args, TEXT_KEYS);
      if (text) return { tool, subject: bounded(text), kind: 'text' };
    }
    return { tool, subject: null, kind: null };
  }
  const prompt = firstString(p, PROMPT_KEYS);
  return prompt
    ? { tool: null, subject: bounded(prompt), kind: 'prompt' }
    : { tool: null, subject: null, kind: null };
}

/**
 * What a recorded event was about: its summary as recorded, else (a record from before summaries) read
 * from its payload; nothing from a truncated payload, whose text is not the call.
 */
export function storedCallSummary(e: {
  call?: CallSummary;
  payload: unknown;
  payloadTruncated: boolean;
}): CallSummary {
  if (e.call) return e.call;
  return e.payloadTruncated ? { tool: null, subject: null, kind: null } : callSummary(e.payload);
}
