// Reads the host's answer against the answer's one schema (shared/answer.ts). `npm run build` replaces
// this file's output with a bundle holding the zod/mini it needs (light.vite.config.mts): the bridge's
// light path then loads one small file instead of zod's many.
import { checkEmitAnswer, type EmitAnswer } from '../../shared/answer.js';

export function readAnswer(text: string): EmitAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON (${(e as Error).message})`, { cause: e });
  }
  return checkEmitAnswer(value);
}
