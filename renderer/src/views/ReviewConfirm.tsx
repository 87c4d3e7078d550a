// Trusting from Trust review: one click for a file that gained nothing risky, else a deliberate confirm
// that names what is new or changed, with a checkbox; the request carries the digests that were shown.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ReviewItem } from '../../../shared/ipc.js';
import { fileGate } from '../../../shared/trust-gate.js';
import { Badge } from '../components/bits.js';
import { useStore } from '../store.js';
import { LOUD, runsText, STATUS_LABEL } from './ReviewCards.js';

export function TrustActions({
  item,
  onTrust,
  onKeep,
}: {
  item: ReviewItem;
  onTrust: (scripts: { path: string; sha256: string | null }[]) => Promise<void>;
  onKeep: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Into the confirm on open; back to the button that opened it on cancel.
    if (confirming) box.current?.focus();
    else if (wasConfirming.current) opener.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const trust = async () => {
    setBusy(true);
    try {
      await onTrust(
        item.scripts.filter((s) => s.status !== 'removed').map((s) => ({ path: s.path, sha256: s.sha256 })),
      );
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setConfirming(false);
    setChecked(false);
  };
  // What the person confirms: every command when the trusted copy could not be compared, else what is
  // new or changed (or loudly flagged), the scripts that changed, and changed settings.
  const needs = item.commands.filter((c) =>
    item.change === 'unknown'
      ? c.status !== 'removed'
      : c.status === 'added' ||
        c.status === 'changed' ||
        (c.status === 'new' && c.risks.some((r) => LOUD.has(r.kind))),
  );
  const scripts = item.scripts.filter((s) => s.status === 'added' || s.status === 'changed');
  const count = needs.length + scripts.length + item.settings.length;
  // Where the agent runs the file whatever Hookpanel records, the click records a review, nothing more.
  const gate = fileGate(item.source.dialect, item.source.role, item.source.guarded);
  const them = count === 1 ? 'it' : 'them';
  const go = useStore((s) => s.go);
  if (gate.offersGuardedMode)
    // Nothing here can change what the agent runs until its guarded mode is on: lead there, not to a
    // button whose only answer would be "nothing was recorded".
    return (
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => openGuardedMode(go)}>
          Turn on guarded mode…
        </button>
        <button type="button" onClick={onKeep}>
          Not now
        </button>
      </div>
    );
  return (
    <>
      <div className="toolbar">
        <button
          ref={opener}
          type="button"
          className="primary"
          disabled={!item.source.sha256 || busy || confirming}
          onClick={() => (item.confirm ? setConfirming(true) : void trust())}
        >
          {gate.decides ? 'Trust this version' : 'Mark this version reviewed'}
          {item.confirm ? '…' : ''}
        </button>
        <button type="button" onClick={onKeep}>
          {gate.decides ? 'Keep blocked' : 'Not now'}
        </button>
      </div>
      {confirming && (
        <div
          className="confirm"
          role="group"
          aria-label="confirm trust"
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'Escape') cancel();
          }}
        >
          <p>
            <strong>
              {item.status === 'changed'
                ? 'Since you trusted this file, it gained or changed what it runs.'
                : 'Some of what this file runs is flagged as high risk.'}
            </strong>{' '}
            {gate.decides
              ? `Once trusted, ${count === 1 ? 'this runs' : 'these run'} on your machine whenever the agent fires the event:`
              : `${gate.runner} runs ${count === 1 ? 'this' : 'these'} on your machine whenever it fires the event, whether or not you mark ${them} reviewed:`}
          </p>
          <ul className="confirm-list">
            {needs.map((c) => (
              <li key={c.key}>
                <Badge kind={`st-${c.status}`}>{STATUS_LABEL[c.status]}</Badge> <code>{runsText(c)}</code>
                {c.risks.map((r) => (
                  <span key={r.kind} className={`risk-tag ${LOUD.has(r.kind) ? 'loud' : 'flagged'}`}>
                    {r.title}
                  </span>
                ))}
              </li>
            ))}
            {scripts.map((s) => (
              <li key={s.path}>
                <Badge kind={`st-${s.status}`}>
                  {s.status === 'added' ? 'new script' : 'changed script'}
                </Badge>{' '}
                <code>{s.path}</code>
                {s.risks.map((r) => (
                  <span key={r.kind} className={`risk-tag ${LOUD.has(r.kind) ? 'loud' : 'flagged'}`}>
                    {r.title}
                  </span>
                ))}
              </li>
            ))}
            {item.settings.map((s) => (
              <li key={s.key}>
                <Badge kind="st-changed">setting</Badge> <code>{s.key}</code>:{' '}
                <code>{s.before ?? 'not set'}</code> → <code>{s.after ?? 'not set'}</code>
              </li>
            ))}
          </ul>
          <label className="confirm-check">
            <input
              ref={box}
              type="checkbox"
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
            />{' '}
            I have read {count === 1 ? 'this' : `these ${count}`}
            {gate.decides ? ` and want ${gate.runner} to run ${them}` : ''}
          </label>
          <div className="toolbar">
            <button type="button" className="danger" disabled={!checked || busy} onClick={() => void trust()}>
              {gate.decides ? `Trust and run ${them}` : 'Mark reviewed'}
            </button>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** Settings, scrolled to Claude Code's guarded mode switch with focus on it once it has loaded. */
function openGuardedMode(go: (view: 'settings') => void): void {
  go('settings');
  const focusSwitch = (tries: number) => {
    const toggle = document.querySelector<HTMLElement>(
      '[aria-label="Claude Code guarded mode"] [role="switch"]',
    );
    if (toggle) {
      toggle.scrollIntoView({ block: 'center' });
      toggle.focus();
    } else if (tries > 0) setTimeout(() => focusSwitch(tries - 1), 50);
  };
  focusSwitch(60);
}
