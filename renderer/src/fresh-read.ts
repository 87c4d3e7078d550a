// A read of state the host also pushes (the requests waiting, the machines, the budget flags, an
// import's progress). A push that arrives after the read was asked is newer than the read's answer:
// taken in, that answer would put the older state back (an answered request's card, a budget flag
// gone, an import's banner after its "done"). The panel counts each such event's pushes here, once,
// and a read answered after one of its pushes resolves with `null`.
import type { Channel, Push, Req, Res } from '../../shared/ipc.js';
import { api } from './client.js';

const counts = new Map<Push, number>();

/** How many `event` pushes arrived since the first time this was asked of it. */
function pushesOf(event: Push): number {
  const known = counts.get(event);
  if (known !== undefined) return known;
  counts.set(event, 0);
  api.on(event, () => counts.set(event, (counts.get(event) ?? 0) + 1));
  return 0;
}

/** Asks `channel`; resolves with its answer, or `null` when an `event` push came while it was asked. */
export async function readUnlessPushed<C extends Channel>(
  channel: C,
  req: Req<C>,
  event: Push,
): Promise<Res<C> | null> {
  const before = pushesOf(event);
  const answer = await api.request(channel, req);
  return pushesOf(event) === before ? answer : null;
}
