// "Always allow": what an agent would write for a request (its policy, in its folder's
// always-allow.ts), and the person's confirmation checked against exactly that and applied. The host
// never writes a rule it did not offer for the request: the confirmed rules must equal an offer's, or
// (Codex) a shortening it allows.
import type { Always, AlwaysChoice } from '../../../../shared/permissions.js';
import { offerRules } from '../../../../shared/permissions.js';
import type { HostEnv } from '../../paths.js';
import type { AlwaysPolicy, AppliedAlways, HeldOffer } from './policy.js';
import { appendRuleLine } from './rules-file.js';

export type { AppliedAlways, HeldOffer } from './policy.js';

/** The offers for a request (kept by the desk) and what the person is shown. */
export function alwaysFor(
  dialect: string,
  policy: AlwaysPolicy | undefined,
  payload: Record<string, unknown>,
  host: HostEnv,
): { held: HeldOffer[]; shown: Always } {
  if (!policy)
    return { held: [], shown: { offers: [], whyNot: `Hookpanel cannot write ${dialect}'s rules` } };
  const { offers, whyNot } = policy.offers(payload, host);
  return { held: offers, shown: { offers: offers.map((o) => o.offer), whyNot } };
}

/** A confirmed "always" the host refused to apply, and why (the request still waits). */
export interface AlwaysRefused {
  refused: string;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The offer the person confirmed, checked: its rules as offered, or a shortening the offer allows. */
export function checkAlways(
  held: readonly HeldOffer[],
  choice: AlwaysChoice,
  id: string,
): (HeldOffer & { rules: string[] }) | AlwaysRefused {
  const h = held[choice.offer];
  if (!h) return { refused: `request ${id} has no "always" offer ${choice.offer}` };
  const { offer } = h;
  const allowed: string[][] = [offer.rules];
  if (offer.words && offer.minWords)
    for (let n = offer.minWords; n < offer.words.length; n++) allowed.push(offerRules(offer, n));
  if (!allowed.some((rules) => same(rules, choice.rules)))
    return {
      refused: `refused: ${JSON.stringify(choice.rules.join('\n'))} is not the rule Hookpanel offered for request ${id}`,
    };
  return { ...h, rules: choice.rules };
}

/** Applies a checked offer: Hookpanel writes Codex's rule now; Claude Code writes its own with the answer. */
export async function applyAlways(
  h: HeldOffer & { rules: string[] },
): Promise<AppliedAlways | AlwaysRefused> {
  const { offer } = h;
  let written = false;
  if (offer.writer === 'hookpanel' && offer.file)
    for (const rule of h.rules)
      try {
        written = (await appendRuleLine(offer.file, rule)) || written;
      } catch (e) {
        return { refused: `could not write the rule to ${offer.file}: ${(e as Error).message}` };
      }
  return {
    rules: h.rules,
    file: offer.file,
    where: offer.where,
    updatedPermissions: offer.writer === 'agent' ? [h.suggestion] : null,
    written,
  };
}
