// What an agent's "Always allow" is: the offers computed from a request's payload, each kept with what
// the host needs to apply it (Claude Code's suggestion, handed back as updatedPermissions).
import type { AlwaysOffer } from '../../../../shared/permissions.js';
import type { HostEnv } from '../../paths.js';

export interface HeldOffer {
  offer: AlwaysOffer;
  /** Claude Code: the permission_suggestions entry, returned as is in updatedPermissions. */
  suggestion: unknown;
}

export interface AlwaysPolicy {
  offers(payload: Record<string, unknown>, host: HostEnv): { offers: HeldOffer[]; whyNot: string | null };
}

/** An "always" the person confirmed and the host applied: what the History row and the answer carry. */
export interface AppliedAlways {
  rules: string[];
  file: string | null;
  where: string;
  /** Claude Code: `[suggestion]` for the answer's updatedPermissions; null when Hookpanel wrote the rule. */
  updatedPermissions: unknown[] | null;
  /** Hookpanel wrote it (false: it was already there, or the agent writes it). */
  written: boolean;
}
