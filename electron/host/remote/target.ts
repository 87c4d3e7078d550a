// A machine as the person names it to ssh: `user@host` (or a Host alias of their ~/.ssh/config). It goes
// to ssh as one argument after `--`, so it can never be read as an option; the characters allowed are
// those of user names, host names and aliases.
import { createHash } from 'node:crypto';
import { TARGET_PATTERN } from '../../../shared/machine-target.js';

/** Why `target` cannot name a machine, or null when it can. */
export function targetProblem(target: string): string | null {
  if (!TARGET_PATTERN.test(target) || target.startsWith('-'))
    return `"${target}" is not user@host (letters, digits, dots, dashes and underscores; a Host alias of your ~/.ssh/config works after user@)`;
  return null;
}

/** A short name for the machine's files on this side (its intake socket): same target, same id. */
export function machineId(target: string): string {
  return createHash('sha256').update(target).digest('hex').slice(0, 12);
}
