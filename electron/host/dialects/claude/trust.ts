// Claude Code's trust, for `hookpanel trust/untrust` and the panel's review (file-trust.ts): without
// guarded mode Claude Code runs its own files itself, once a folder is trusted in Claude Code (and with
// `claude -p` without asking), so Hookpanel can change nothing there and refuses to say "Trusted". In
// guarded mode the files are Hookpanel's to run (role hosted), and file-trust.ts trusts them as it does
// a harness's file; this part is then not asked.
import type { AgentTrustPart } from '../../agents/agent-trust.js';

const RUNS_ITSELF =
  "Claude Code runs this file's hooks itself once the folder is trusted in Claude Code (claude -p runs them without asking): nothing was changed in Claude Code.";
const OFFER =
  'To have Hookpanel decide what runs, turn on guarded mode (hookpanel guard claude on, or Settings → Agents): Claude Code then runs none of these files itself, and Hookpanel runs them only once trusted.';

export const trust: AgentTrustPart = {
  // Claude Code has no per-hook gate of its own to report: what decides is guarded mode, said per file.
  report: () => Promise.resolve({ dialect: 'claude', label: 'Claude Code', hooks: [], fix: null }),
  trustFile: () => Promise.resolve({ kind: 'refused', message: RUNS_ITSELF, then: `Not trusted. ${OFFER}` }),
  untrustFile: () =>
    Promise.resolve({
      kind: 'refused',
      message: `${RUNS_ITSELF.replace('nothing was changed', 'untrusting here changed nothing')} ${OFFER}`,
    }),
};
