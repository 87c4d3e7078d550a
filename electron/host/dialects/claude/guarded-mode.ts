// Claude Code's part of guarded mode (electron/host/agents/guarded-mode.ts): its managed settings
// drop-in (guard.ts), written and removed by guard-write.ts.
import type { AgentGuardedMode } from '../../agents/guarded-mode.js';
import { isGuarded } from './guard.js';
import { applyGuard, planGuard } from './guard-write.js';

export const guardedMode: AgentGuardedMode = {
  isGuarded,
  plan: planGuard,
  // Only ever given the plan planGuard made (a method's parameter may be narrower).
  apply: applyGuard,
  words: {
    on: (file) =>
      `Guarded mode writes one file, ${file}. With it Claude Code runs no hooks of its own user, project ` +
      "or local settings files, only this file's: each event goes to Hookpanel, which runs your " +
      "~/.claude/settings.json hooks as before and a project's .claude files only once you trust them " +
      'in Trust review (hookpanel trust PATH).',
    off: (file, withFolders) =>
      `Guarded mode off removes ${file}${withFolders ? ' and the folders guard on created for it' : ''}; ` +
      'Claude Code then runs its own user, project and local hooks itself again.',
  },
};
