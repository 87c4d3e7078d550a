// The in-process fallback of `hookpanel emit`: the same engine, for this one event. Background hooks
// are waited for before exiting, since no hook process may outlive its host.
import type { EmitAnswer } from '../../../shared/dispatch.js';
import type { Dialect } from '../../../shared/model.js';
import { dispatchSummary } from '../../host/engine/engine.js';
import type { HostEnv } from '../../host/paths.js';
import { HookHost } from '../../host/service.js';

export async function emitInProcess(
  host: HostEnv,
  req: {
    dialect: string;
    event: string;
    payload: Record<string, unknown>;
    project: string | null;
    callerCwd: string;
    parentDispatch: string | null;
  },
): Promise<EmitAnswer> {
  const hookHost = await HookHost.open(host);
  const { answer, background } = await hookHost.dispatch({ ...req, dialect: req.dialect as Dialect });
  const later = await background;
  await hookHost.close();
  return { ...answer, dispatches: [...answer.dispatches, ...later.map(dispatchSummary)] };
}
