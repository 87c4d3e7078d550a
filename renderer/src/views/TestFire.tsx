import { useEffect, useState } from 'react';
import type { DryRun, Res } from '../../../shared/ipc.js';
import { DIALECT_IDS, DIALECT_MANIFESTS, dialectManifest, type Dialect } from '../../../shared/dialects.js';
import { api } from '../client.js';
import { ArgvChips, Badge, Empty, ErrorBox, Prose } from '../components/bits.js';
import { useStore } from '../store.js';

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
              <strong>{r.rule}</strong>{' '}
              <span className="muted">
                {r.runClass} · {r.timeoutMs / 1000} s
              </span>{' '}
              {r.skip ? (
                <Badge kind="skipped">skipped: {r.skip}</Badge>
              ) : r.canDecide ? (
                <Badge kind="warn">can decide</Badge>
              ) : null}
              <div>{r.argv ? <ArgvChips argv={r.argv} /> : <code>{r.handler}</code>}</div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No rule matches this event.</p>
      )}
    </div>
  );
}

export function TestFireView() {
  const { workspace, go } = useStore();
  const [dialect, setDialect] = useState<Dialect>(
    DIALECT_MANIFESTS.find((m) => m.kind === 'agent')?.id ?? DIALECT_IDS[0],
  );
  const [events, setEvents] = useState<Res<'catalog:events'>>([]);
  const [event, setEvent] = useState('');
  const [ws, setWs] = useState(workspace ?? '');
  const [payload, setPayload] = useState('{}');
  const [result, setResult] = useState<DryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.request('catalog:events', { dialect }).then((list) => {
      setEvents(list);
      const first = list.find((e) => !e.dormantReason) ?? list[0];
      setEvent(first?.name ?? '');
    });
  }, [dialect]);
  useEffect(() => {
    const spec = events.find((e) => e.name === event);
    if (spec)
      setPayload(
        JSON.stringify({ ...spec.sample, ...(ws && 'cwd' in spec.sample ? { cwd: ws } : {}) }, null, 2),
      );
    setResult(null);
  }, [event, events, ws]);

  const parsed = (() => {
    try {
      const v = JSON.parse(payload) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v)
        ? { ok: true as const, value: v as Record<string, unknown> }
        : { ok: false as const, error: 'The payload must be a JSON object.' };
    } catch (e) {
      return { ok: false as const, error: `The payload is not JSON: ${(e as Error).message}` };
    }
  })();
  const req = () => ({ dialect, event, payload: parsed.ok ? parsed.value : {}, workspace: ws || null });
  const dry = async () => {
    setBusy(true);
    try {
      setResult(await api.request('fire:dryRun', req()));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
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
  const spec = events.find((e) => e.name === event);
  return (
    <section className="fire" aria-label="test fire">
      <div className="form">
        <label>
          Dialect
          <select value={dialect} onChange={(e) => setDialect(e.target.value as Dialect)}>
            {DIALECT_MANIFESTS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event
          <select value={event} onChange={(e) => setEvent(e.target.value)}>
            {events.map((e) => (
              <option key={e.name} value={e.name}>
                {e.name}
                {e.dormantReason ? ' (dormant)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="grow">
          Workspace
          <input value={ws} onChange={(e) => setWs(e.target.value)} placeholder="/path/to/project" />
        </label>
      </div>
      <p className="muted" aria-label="hook conventions">
        Hooks get <Prose text={dialectManifest(dialect).conventions.hookPayload} />; answer:{' '}
        <Prose text={dialectManifest(dialect).conventions.answer} />.
      </p>
      {spec && (
        <p className="muted">
          {spec.description}
          {spec.blockable ? ' · hooks can block it' : ''}
          {spec.dormantReason ? ` · dormant: waits on ${spec.dormantReason}` : ''}
        </p>
      )}
      <label className="block">
        Payload
        <textarea
          aria-label="payload"
          spellCheck={false}
          value={payload}
          onChange={(e) => setPayload(e.target.value)}
          rows={12}
        />
      </label>
      {!parsed.ok && <ErrorBox message={parsed.error} />}
      {error && <ErrorBox message={error} />}
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
      {result ? (
        <DryRunTable result={result} />
      ) : (
        <Empty title="Nothing run yet">
          “Dry run” lists the rules that would run, in order, without running anything. “Fire” runs them and
          opens the dispatches in History.
        </Empty>
      )}
    </section>
  );
}
