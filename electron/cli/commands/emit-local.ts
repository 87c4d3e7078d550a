// The in-process fallback of `hookpanel emit`: the same engine, for this one event. Background hooks
// are waited for (they are recorded); what settled hooks left running is handed to a detached reaper
// that ends it at its deadline, so emit returns at once and nothing outlives its timeout. A harness
// that gives up on emit (SIGTERM at its own timeout) no longer wants the answer: the hooks end with it.
import { constants } from 'node:os';
import type { EmitAnswer } from '../../../shared/answer.js';
import type { Dialect } from '../../../shared/model.js';
import { dispatchSummary } from '../../host/engine/engine.js';
import type { HostEnv } from '../../host/paths.js';
import { killAllTrees } from '../../host/process/groups.js';
import { handOffTrees } from '../../host/process/reaper.js';
import { HookHost } from '../../host/service.js';
import { keepWasmOnBaseline } from '../wasm-tiering.js';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

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
  /** Hookpanel's own problems meanwhile (a history write that failed): told by the caller, never here. */
  warn: (line: string) => void,
): Promise<EmitAnswer> {
  keepWasmOnBaseline();
  // Without a handler these signals end Node without its exit hooks, leaving the hooks running.
  const stop = (signal: (typeof STOP_SIGNALS)[number]) => {
    killAllTrees();
    process.exit(128 + constants.signals[signal]);
  };
  for (const s of STOP_SIGNALS) process.once(s, stop);
  try {
    // Records go to the history's spool: an emit never loads SQLite (the next reader takes them in).
    const dialect = req.dialect as Dialect;
    const hookHost = await HookHost.open(host, { spoolHistory: true, eventsOf: dialect, warn });
    const { answer, background } = await hookHost.dispatch({ ...req, dialect });
    const later = await background;
    await hookHost.close();
    handOffTrees();
    return { ...answer, dispatches: [...answer.dispatches, ...later.map(dispatchSummary)] };
  } finally {
    for (const s of STOP_SIGNALS) process.off(s, stop);
  }
}
