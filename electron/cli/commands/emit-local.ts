// The in-process fallback of `hookpanel emit`: the same engine, for this one event. Background hooks
// are waited for (they are recorded); what settled hooks left running is handed to a detached reaper
// that ends it at its deadline, so emit returns at once and nothing outlives its timeout.
import type { EmitAnswer } from '../../../shared/dispatch.js';
import type { Dialect } from '../../../shared/model.js';
import { dispatchSummary } from '../../host/engine/engine.js';
import type { HostEnv } from '../../host/paths.js';
import { handOffTrees } from '../../host/process/reaper.js';
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
  handOffTrees();
  return { ...answer, dispatches: [...answer.dispatches, ...later.map(dispatchSummary)] };
}
