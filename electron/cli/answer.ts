// Reads the host's answer and checks it with the validator generated from the answer's one schema
// (shared/answer.ts → shared/answer-check.generated.ts): it loads in well under a millisecond, where
// zod would cost the bridge ~50 ms on every event.
import type { EmitAnswer } from '../../shared/answer.js';
import { validate } from '../../shared/answer-check.generated.js';

interface Problem {
  instancePath: string;
  message?: string;
  params: { allowedValues?: unknown[] };
}
const check = validate as unknown as ((value: unknown) => boolean) & { errors?: Problem[] | null };

export function readAnswer(text: string): EmitAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${(e as Error).message})`, { cause: e });
  }
  if (check(value)) return value as EmitAnswer;
  throw new Error(
    (check.errors ?? [])
      .map((p) => {
        const key = p.instancePath.slice(1).replace(/\//g, '.') || '(the answer)';
        const allowed = p.params.allowedValues ? ` (${p.params.allowedValues.join(', ')})` : '';
        return `${key}: ${p.message ?? 'is wrong'}${allowed}`;
      })
      .join('; '),
  );
}

/**
 * An answer as the host writes one (its keys in the host's order), with a rule run: what
 * `warmAnswerCheck` reads.
 */
const SAMPLE_ANSWER =
  '{"eventId":"","decision":"allow","reason":null,"context":null,"permissionDecision":null,' +
  '"dispatches":[{"rule":"","source":"","outcome":"ok","exitCode":0,"signal":null,"timedOut":false,' +
  '"durationMs":0,"skipReason":null}],"protocol":{"exitCode":0,"stdout":"","stderr":""}}';

/**
 * Reads a sample answer once. The check's first run costs ~1 ms (V8 learning each key's place), its
 * second a third of that: emit runs it while the host works, not once the answer is in. False if the
 * sample no longer passes the check (answer-check.test.ts says so): only the warm-up is lost then.
 */
export function warmAnswerCheck(): boolean {
  try {
    readAnswer(SAMPLE_ANSWER);
    return true;
  } catch {
    return false;
  }
}
