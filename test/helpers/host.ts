import * as fs from 'node:fs';
import type { EngineSignal, HistoryRecord } from '../../shared/dispatch.js';
import type { Dialect } from '../../shared/model.js';
import { HookHost } from '../../electron/host/service.js';
import type { TestEnv } from './env.js';

export interface TestHost {
  host: HookHost;
  signals: EngineSignal[];
  records: HistoryRecord[];
  fire(dialect: Dialect, event: string, payload?: Record<string, unknown>): ReturnType<HookHost['dispatch']>;
  /** Waits for history writes and background hooks, so `records` is complete. */
  flush(): Promise<void>;
}

export async function openHost(env: TestEnv): Promise<TestHost> {
  const host = await HookHost.open(env.host);
  env.onCleanup(() => host.idle());
  const signals: EngineSignal[] = [];
  const records: HistoryRecord[] = [];
  host.on('signal', (s) => signals.push(s));
  host.on('record', (r) => records.push(r));
  return {
    host,
    signals,
    records,
    fire: (dialect, event, payload = {}) =>
      host.dispatch({ dialect, event, payload, project: env.workspace, callerCwd: env.workspace }),
    flush: () => host.idle(),
  };
}

/** Live processes whose environment carries a marker (zombies excluded), from /proc. */
export function processesWithMarker(marker: string): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (state === 'Z' || state === 'X') continue;
      if (fs.readFileSync(`/proc/${name}/environ`, 'utf8').includes(marker)) out.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

export async function waitFor<T>(
  probe: () => T | Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
