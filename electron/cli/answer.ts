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
