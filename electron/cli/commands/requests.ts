// `hookpanel requests [--json]` and `hookpanel answer <id> allow|deny [--reason TEXT] [--always
// [--prefix WORDS]] [--json]`: agents' permission requests held by the running host, listed (with the
// "always" rule on offer) and answered from the command line.
import { parse } from 'shell-quote';
import { ANSWER_PATH, REQUESTS_PATH } from '../../host/intake/requests.js';
import {
  offerRules,
  type AlwaysChoice,
  type AnswerResult,
  type WaitingRequest,
} from '../../../shared/permissions.js';
import { visibleText } from '../../../shared/visible-text.js';
import { UsageError } from '../output.js';
import { askHost, hostError, NO_HOST } from './host-client.js';

export interface RequestsInput {
  json?: boolean;
}

export async function requests(values: RequestsInput): Promise<number> {
  const r = await askHost('GET', REQUESTS_PATH);
  if (!r) return fail(NO_HOST);
  if (r.status !== 200) return fail(hostError(r));
  const list = r.body as WaitingRequest[];
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ requests: list }, null, 2)}\n`);
    return 0;
  }
  if (!list.length) {
    process.stdout.write('No permission request is waiting.\n');
    return 0;
  }
  for (const q of list) {
    const left = Math.max(0, Math.round((Date.parse(q.deadline) - Date.now()) / 1000));
    // Every field is the agent's text: shown, never obeyed by the terminal (a command that erases
    // its own line would otherwise show as something harmless before you allow it).
    const v = (text: string) => visibleText(text);
    process.stdout.write(
      `${v(q.id)}  ${v(q.agent)}  ${v(q.tool ?? '(tool?)')}  ${v(q.subject ?? '')}\n` +
        `        in ${v(q.workspace ?? '(no workspace)')}, since ${v(q.since)}, ${left}s left` +
        (q.justification ? `\n        why: ${v(q.justification)}` : '') +
        alwaysLines(q) +
        '\n',
    );
  }
  return 0;
}

/** The "always" rule on offer (what `answer <id> allow --always` writes), or why there is none. */
function alwaysLines(q: WaitingRequest): string {
  if (!q.always) return '';
  if (!q.always.offers.length)
    return `\n        always: not offered: ${visibleText(q.always.whyNot ?? 'no rule')}`;
  return q.always.offers
    .map((o, i) => {
      const where = o.file ? `${o.where}, ${o.file}` : o.where;
      const shorten = o.words && o.words.length > (o.minWords ?? 1) ? ' (shorten with --prefix)' : '';
      const label = i === 0 ? 'always' : `always #${i}`;
      return `\n        ${label}: ${visibleText(o.rules.join(', '))} → ${visibleText(where)}${shorten}`;
    })
    .join('');
}

export interface AnswerInput {
  id: string;
  choice: string;
  reason?: string;
  always?: boolean;
  prefix?: string;
  json?: boolean;
}

export async function answer(values: AnswerInput): Promise<number> {
  if (values.choice !== 'allow' && values.choice !== 'deny')
    throw new UsageError(`the answer is allow or deny, not "${values.choice}"`);
  if (values.reason !== undefined && values.choice !== 'deny')
    throw new UsageError('--reason goes with deny: it is what the model is told');
  if (values.always && values.choice !== 'allow') throw new UsageError('--always goes with allow');
  if (values.prefix !== undefined && !values.always) throw new UsageError('--prefix goes with --always');
  const report = (result: AnswerResult): number => {
    if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else if (!result.ok) process.stderr.write(`hookpanel: ${visibleText(result.message)}\n`);
    else {
      const q = result.request!;
      const said = `${values.choice === 'allow' ? 'Allowed' : 'Denied'}${values.always ? ' always' : ''}`;
      process.stdout.write(
        visibleText(`${said}: ${q.agent} ${q.tool ?? ''} ${q.subject ?? ''}`.trimEnd()) + '\n',
      );
      if (values.always) process.stdout.write(`${visibleText(result.message)}\n`);
    }
    return result.ok ? 0 : 1;
  };
  const refused = (message: string) => report({ ok: false, message, request: null });

  let always: AlwaysChoice | undefined;
  if (values.always) {
    const listed = await askHost('GET', REQUESTS_PATH);
    if (!listed) return refused(NO_HOST);
    if (listed.status !== 200) return refused(hostError(listed));
    const q = (listed.body as WaitingRequest[]).find((w) => w.id === values.id);
    if (!q) return refused(`request ${values.id} is not waiting (hookpanel requests lists those that are)`);
    const chosen = chooseAlways(q, values.prefix);
    if (typeof chosen === 'string') return refused(chosen);
    always = chosen;
  }
  const r = await askHost('POST', ANSWER_PATH, {
    id: values.id,
    behavior: values.choice,
    reason: values.reason ?? null,
    ...(always && { always }),
  });
  if (!r) return refused(NO_HOST);
  if (r.status !== 200) return refused(hostError(r));
  return report(r.body as AnswerResult);
}

/** The request's first "always" offer, shortened to --prefix's words; or why it cannot be. */
function chooseAlways(q: WaitingRequest, prefix: string | undefined): AlwaysChoice | string {
  const offer = q.always?.offers[0];
  if (!offer)
    return `request ${q.id} has no "always" rule on offer: ${q.always?.whyNot ?? 'none was computed'}`;
  if (prefix === undefined) return { offer: 0, rules: offer.rules };
  if (!offer.words) return `--prefix: the rule ${offer.rules.join(', ')} cannot be shortened`;
  const words = parse(prefix);
  const starts =
    words.length > 0 &&
    words.length <= offer.words.length &&
    words.every((w, i) => typeof w === 'string' && w === offer.words![i]);
  if (!starts) return `--prefix: "${prefix}" is not how the command starts: ${offer.words.join(' ')}`;
  if (words.length < (offer.minWords ?? 1))
    return `--prefix: keep at least ${offer.minWords} words (${offer.words.slice(0, offer.minWords!).join(' ')}): fewer would allow any command`;
  return { offer: 0, rules: offerRules(offer, words.length) };
}

function fail(message: string): number {
  process.stderr.write(`hookpanel: ${message}\n`);
  return 1;
}
