// The host: one composition of settings, trust, sources, engine and history, used alike by the
// desktop app, `hookpanel serve` and `hookpanel emit`'s in-process fallback.
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import type { EngineSignal, HistoryRecord } from '../../shared/dispatch.js';
import type { Source } from '../../shared/model.js';
import { mergedSettings } from './dialects/chrys/runtime.js';
import type { LoadContext } from './dialects/dialect.js';
import { Engine, type DispatchResult, type EmitRequest } from './engine/engine.js';
import { recoverOutbox, runJob } from './engine/outbox.js';
import { HistoryStore } from './history/store.js';
import { homePaths, type HostEnv } from './paths.js';
import { loadSettings, saveSettings, type Settings } from './settings/settings.js';
import { SourceCache } from './sources/cache.js';
import { TrustStore } from './trust/store.js';

export interface HostEvents {
  record: [HistoryRecord];
  signal: [EngineSignal];
  settings: [Settings];
  /** Hook files, trust or settings changed: views should reload their sources. */
  sourcesChanged: [string];
}

export class HookHost extends EventEmitter<HostEvents> {
  settings!: Settings;
  settingsProblem: string | null = null;
  trust!: TrustStore;
  history!: HistoryStore;
  engine!: Engine;
  private cache!: SourceCache;
  readonly paths;

  constructor(readonly host: HostEnv) {
    super();
    this.paths = homePaths(host);
  }

  static async open(host: HostEnv): Promise<HookHost> {
    const h = new HookHost(host);
    await h.init();
    return h;
  }

  private async init(): Promise<void> {
    const loaded = await loadSettings(this.host);
    this.settings = loaded.settings;
    this.settingsProblem = loaded.problem;
    this.trust = await TrustStore.open(this.host);
    this.history = new HistoryStore({
      dir: this.paths.historyDir,
      retention: () => this.settings.history,
    });
    this.cache = new SourceCache((workspace) => this.context(workspace), this.trust);
    this.trust.onChange = () => this.cache.invalidate();
    this.engine = new Engine({
      host: this.host,
      settings: () => this.settings,
      sources: (workspace) => this.cache.get(workspace),
      record: async (records) => {
        await this.history.append(records);
        for (const r of records) this.emit('record', r);
      },
      signal: (s) => this.emit('signal', s),
    });
  }

  context(workspace: string | null): LoadContext {
    return { host: this.host, workspace: workspace ? resolve(workspace) : null, settings: this.settings };
  }

  sources(workspace: string | null): Promise<Source[]> {
    return this.cache.get(workspace);
  }

  /** Re-reads settings.json (changed on disk by another process or by hand). */
  async reloadSettings(): Promise<void> {
    const loaded = await loadSettings(this.host);
    if (JSON.stringify(loaded.settings) === JSON.stringify(this.settings)) return;
    this.settings = loaded.settings;
    this.settingsProblem = loaded.problem;
    this.cache.invalidate();
    this.emit('settings', this.settings);
  }

  /** Forget cached sources: the next request reads every file again. */
  invalidate(): void {
    this.cache.invalidate();
  }

  dispatch(req: EmitRequest): Promise<DispatchResult> {
    return this.engine.dispatch(req);
  }

  async updateSettings(change: (s: Settings) => Settings): Promise<Settings> {
    this.settings = change(this.settings);
    await saveSettings(this.host, this.settings);
    this.cache.invalidate();
    this.emit('settings', this.settings);
    this.emit('sourcesChanged', 'settings changed');
    return this.settings;
  }

  /** Retries durable jobs a crash left pending (run at host start, not for one-shot emits). */
  async recoverOutbox(): Promise<Awaited<ReturnType<typeof recoverOutbox>>> {
    const chrys = mergedSettings(await this.sources(null));
    return recoverOutbox(this.paths.outbox, {
      retryAgeMs: chrys.outbox_retry_age_seconds * 1000,
      maxRetries: chrys.outbox_max_retries,
      run: (job) => runJob(this.paths.outbox, job),
    });
  }

  async close(graceMs = 5000): Promise<void> {
    await this.engine.shutdown(graceMs);
    await this.history.close();
  }
}
