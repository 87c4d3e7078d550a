import { useEffect, useRef, useState } from 'react';
import type { DryRun, Res } from '../../../shared/ipc.js';
import {
  DIALECT_IDS,
  DIALECT_MANIFESTS,
  dialectManifest,
  isDialect,
  type Dialect,
} from '../../../shared/dialects.js';
import { api } from '../client.js';
import { ArgvChips, Badge, Empty, ErrorBox, Prose } from '../components/bits.js';
import { RuleName } from '../components/names.js';
import { useStoreParts } from '../store.js';
import { useLatestRead } from '../components/latest-read.js';

export function DryRunTable({ result }: { result: DryRun }) {
  return (
    <div className="dryrun" aria-label="dry run result">
      <p>
        Predicted: <Badge kind={result.predicted.decision}>{result.predicted.decision}</Badge> —{' '}
        {result.predicted.because}
      </p>
      {result.runs.length ? (
        <ol>
          {result.runs.map((r, i) => (
            <li key={i} className={r.skip ? 'muted' : ''}>
              <RuleName name={r.rule} handler={r.handler} source={r.source} />{' '}
              <span className="muted">
                {RUN_CLASS[r.runClass] ?? r.runClass} · up to {r.timeoutMs / 1000} s
              </span>{' '}
              {r.skip ? (
                <Badge kind="skipped">not run: {r.skip}</Badge>
              ) : r.canDecide ? (
                <Badge kind="warn" title="Its answer can block or change what the agent does">
                  may block
                </Badge>
              ) : null}
              <div>{r.argv ? <ArgvChips argv={r.argv} /> : <code>{r.handler}</code>}</div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No rule matches this event: nothing would run, and the agent goes ahead.</p>
      )}
    </div>
  );
}

/** How a planned run relates to the event, in words. */
const RUN_CLASS: Record<string, string> = {
  chain: 'runs in turn; the agent waits for it',
  parallel: 'runs alongside the others; the agent waits for it',
  background: 'runs in the background; nothing waits for it',
};

export function TestFireView() {
  const { workspace, go, fire: kept, setFire } = useStoreParts('workspace', 'go', 'fire', 'setFire');
  const dialect: Dialect =
    kept.dialect && isDialect(kept.dialect)
      ? kept.dialect
      : (DIALECT_MANIFESTS.find((m) => m.kind === 'agent')?.id ?? DIALECT_IDS[0]);
  const [events, setEvents] = useState<Res<'catalog:events'>>([]);
  const event = events.some((e) => e.name === kept.event)
    ? kept.event!
    : ((events.find((e) => !e.dormantReason) ?? events[0])?.name ?? '');
  const ws = kept.workspace ?? workspace ?? '';
  const key = `${dialect} ${event}`;
  const spec = events.find((e) => e.name === event);
  const sample = spec
    ? JSON.stringify({ ...spec.sample, ...(ws && 'cwd' in spec.sample ? { cwd: ws } : {}) }, null, 2)
    : '{}';
  const payload = kept.payloads[key] ?? sample;
  const setPayload = (text: string) => setFire({ payloads: { ...kept.payloads, [key]: text } });
  const [result, setResult] = useState<DryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resultBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let gone = false;
    // Until this agent's events are read, none: the last agent's would be sent with this one.
    setEvents([]);
    void api.request('catalog:events', { dialect }).then(
      (list) => !gone && setEvents(list),
      (e: Error) => !gone && setError(e.message),
    );
    return () => void (gone = true);
  }, [dialect]);
  // A dry run's answer is shown only for the agent, event and workspace it was asked for.
  const latest = useLatestRead();
  useEffect(() => {
    latest.begin();
    setResult(null);
    setError(null);
  }, [dialect, event, ws, latest]);
  useEffect(() => {
    if (result) resultBox.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);

  const parsed = (() => {
    try {
      const v = JSON.parse(payload) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v)
        ? { ok: true as const, value: v as Record<string, unknown> }
        : { ok: false as const, error: 'The payload must be a JSON object: { … }.' };
    } catch (e) {
      return { ok: false as const, error: `The payload is not valid JSON: ${(e as Error).message}` };
    }
  })();
  const req = () => ({ dialect, event, payload: parsed.ok ? parsed.value : {}, workspace: ws || null });
  const dry = async () => {
    const read = latest.begin();
    setBusy(true);
    try {
      const r = await api.request('fire:dryRun', req());
      if (!latest.isLatest(read)) return;
      setResult(r);
      setError(null);
    } catch (e) {
      if (!latest.isLatest(read)) return;
      setError((e as Error).message);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  const fire = async () => {
    setBusy(true);
    try {
      const r = await api.request('fire:run', req());
      go('history', { eventId: r.eventId });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const m = dialectManifest(dialect);
  return (
    <section className="fire" aria-label="test fire">
      <div className="form">
        <label>
          Agent
          <select
            value={dialect}
            aria-label="Agent"
            title="Whose hook files and events to use"
            onChange={(e) => setFire({ dialect: e.target.value, event: null })}
          >
            {DIALECT_MANIFESTS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event
          <select aria-label="Event" value={event} onChange={(e) => setFire({ event: e.target.value })}>
            {events.map((e) => (
              <option key={e.name} value={e.name}>
                {e.name}
                {e.dormantReason ? ' (never fires yet)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="grow">
          Workspace
          <input
            value={ws}
            onChange={(e) => setFire({ workspace: e.target.value })}
            placeholder="/path/to/project"
          />
        </label>
      </div>
      <p className="muted" aria-label="hook conventions">
        {m.label}'s hooks get <Prose text={m.conventions.hookPayload} />; answer:{' '}
        <Prose text={m.conventions.answer} />.
      </p>
      {spec && (
        <p className="muted">
          {spec.description}
          {spec.blockable ? ' · hooks can block it' : ''}
          {spec.dormantReason ? ` · it never fires yet: it waits on ${spec.dormantReason}` : ''}
        </p>
      )}
      {/* Not a <label>: the button in it would be named by the whole label. */}
      <div className="block">
        <span>Payload</span>{' '}
        {kept.payloads[key] !== undefined && (
          <button type="button" className="link" onClick={() => setPayload(sample)}>
            Back to the sample
          </button>
        )}
        {/* Not before the agent's events are read: what was typed would be kept under no event, and
            the event's sample shown over it once they are. */}
        <textarea
          aria-label="payload"
          spellCheck={false}
          readOnly={!event}
          aria-busy={!event}
          value={payload}
          onChange={(e) => setPayload(e.target.value)}
          rows={10}
        />
      </div>
      {!parsed.ok && <ErrorBox message={parsed.error} />}
      <div className="toolbar">
        <button type="button" onClick={() => void dry()} disabled={!parsed.ok || busy || !event}>
          Dry run
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void fire()}
          disabled={!parsed.ok || busy || !event}
        >
          Fire
        </button>
      </div>
      <div ref={resultBox}>
        {error && <ErrorBox message={error} />}
        {result ? (
          <DryRunTable result={result} />
        ) : (
          !error && (
            <Empty title="Nothing run yet">
              “Dry run” lists the rules that would run, in order, without running anything. “Fire” runs them
              and opens the event in History, whether any rule matched or not.
            </Empty>
          )
        )}
      </div>
    </section>
  );
}
