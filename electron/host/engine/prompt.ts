// The `prompt` handler (pw/claude): one completion from an Anthropic-compatible Messages API, whose
// reply is the verdict {"ok": bool, "reason": "…"}. The endpoint and key are the user's, from
// Hookpanel's settings or else the environment (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY); the key is
// never recorded.
import type { HostEnv } from '../paths.js';
import type { ModelSettings } from '../settings/settings.js';
import { resultClock, type HandlerResult } from './runtime.js';

export const DEFAULT_PROMPT_MODEL = 'claude-haiku-4-5';
const INSTRUCTION =
  'You are a hook that checks one event of a coding agent. Answer with only a JSON object {"ok": true} to let it proceed, or {"ok": false, "reason": "…"} to stop it, and nothing else.';

export interface Verdict {
  ok: boolean;
  reason: string | null;
}

/** The reply's verdict, or null when the reply is not one (garbage fails like a broken hook). */
export function readVerdict(text: string): Verdict | null {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return null;
  try {
    const v = JSON.parse(match[0]) as { ok?: unknown; reason?: unknown };
    if (typeof v.ok !== 'boolean') return null;
    return { ok: v.ok, reason: typeof v.reason === 'string' ? v.reason : null };
  } catch {
    return null;
  }
}

/** The user's Messages API endpoint (settings first, then the environment), or why there is none. */
export function messagesEndpoint(
  host: HostEnv,
  model: ModelSettings | null,
): { url: string; headers: Record<string, string> } | { error: string } {
  const key = model?.apiKey || host.env.ANTHROPIC_API_KEY;
  if (!key)
    return {
      error:
        'no model endpoint is configured: add an API key in Settings → Model endpoint, or set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a compatible endpoint) in the environment Hookpanel runs in',
    };
  return {
    url: `${(model?.baseUrl || host.env.ANTHROPIC_BASE_URL || 'https://api.anthropic.com').replace(/\/+$/, '')}/v1/messages`,
    headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
  };
}

/** `$ARGUMENTS` becomes the payload JSON; without it, the payload follows the prompt. */
export function expandArguments(prompt: string, payload: unknown): string {
  const json = JSON.stringify(payload);
  return prompt.includes('$ARGUMENTS') ? prompt.split('$ARGUMENTS').join(json) : `${prompt}\n\n${json}`;
}

/** A verdict as a hook's answer: not ok is a block decision with the reason. */
export function verdictAnswer(verdict: Verdict, kind: string): string {
  return verdict.ok
    ? '{}'
    : JSON.stringify({ decision: 'block', reason: verdict.reason ?? `the ${kind} hook said no` });
}

export async function runPrompt(
  prompt: string,
  model: string | null,
  payload: unknown,
  timeoutMs: number,
  host: HostEnv,
  endpointSettings: ModelSettings | null,
  signal?: AbortSignal,
): Promise<HandlerResult> {
  const done = resultClock();
  const endpoint = messagesEndpoint(host, endpointSettings);
  if ('error' in endpoint) return done({ spawnError: endpoint.error });
  try {
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: endpoint.headers,
      body: JSON.stringify({
        model: model ?? DEFAULT_PROMPT_MODEL,
        max_tokens: 512,
        system: INSTRUCTION,
        messages: [{ role: 'user', content: expandArguments(prompt, payload) }],
      }),
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
    });
    const body = await res.text();
    if (!res.ok)
      return done({
        spawnError: `the model endpoint answered HTTP ${res.status}`,
        stderrTail: body.slice(-2000),
      });
    let reply = '';
    try {
      const parsed = JSON.parse(body) as { content?: { type: string; text?: string }[] };
      reply = (parsed.content ?? [])
        .filter((c) => c.type === 'text')
        .map((c) => c.text ?? '')
        .join('');
    } catch {
      return done({
        spawnError: 'the model endpoint answered something that is not a Messages API reply',
        stdoutTail: body.slice(-2000),
      });
    }
    const verdict = readVerdict(reply);
    if (!verdict)
      return done({
        spawnError: `the model's reply is not a verdict {"ok": …}: ${reply.slice(0, 200)}`,
        stdoutTail: reply.slice(-2000),
      });
    return done({ exitCode: 0, stdout: verdictAnswer(verdict, 'prompt'), stdoutTail: reply.slice(-2000) });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    return done({
      timedOut,
      spawnError: timedOut
        ? `the model gave no answer within ${timeoutMs} ms`
        : `the model endpoint could not be reached: ${(e as Error).message}`,
    });
  }
}
