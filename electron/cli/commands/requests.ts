// `hookpanel requests [--json]` and `hookpanel answer <id> allow|deny [--reason TEXT]`: agents'
// permission requests held by the running host, listed and answered from the command line.
import { ANSWER_PATH, REQUESTS_PATH } from '../../host/intake/requests.js';
import type { WaitingRequest } from '../../../shared/permissions.js';
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
    process.stdout.write(
      `${q.id}  ${q.agent}  ${q.tool ?? '(tool?)'}  ${q.subject ?? ''}\n` +
        `        in ${q.workspace ?? '(no workspace)'}, since ${q.since}, ${left}s left` +
        (q.justification ? `\n        why: ${q.justification}` : '') +
        '\n',
    );
  }
  return 0;
}

export interface AnswerInput {
  id: string;
  choice: string;
  reason?: string;
}

export async function answer(values: AnswerInput): Promise<number> {
  if (values.choice !== 'allow' && values.choice !== 'deny')
    throw new UsageError(`the answer is allow or deny, not "${values.choice}"`);
  if (values.reason !== undefined && values.choice !== 'deny')
    throw new UsageError('--reason goes with deny: it is what the model is told');
  const r = await askHost('POST', ANSWER_PATH, {
    id: values.id,
    behavior: values.choice,
    reason: values.reason ?? null,
  });
  if (!r) return fail(NO_HOST);
  if (r.status !== 200) return fail(hostError(r));
  const q = r.body as WaitingRequest;
  process.stdout.write(
    `${values.choice === 'allow' ? 'Allowed' : 'Denied'}: ${q.agent} ${q.tool ?? ''} ${q.subject ?? ''}`.trimEnd() +
      '\n',
  );
  return 0;
}

function fail(message: string): number {
  process.stderr.write(`hookpanel: ${message}\n`);
  return 1;
}
