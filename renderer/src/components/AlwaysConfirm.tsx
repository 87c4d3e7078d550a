// "Always allow…" on a waiting request's card: the exact rule and the file it goes to, shown before
// anything is written. For Codex the person may end the prefix earlier (`git status` → `git`); the
// rule shown is the rule sent, and the host refuses any other.
import { useState } from 'react';
import { offerRules, type AlwaysChoice, type AlwaysOffer } from '../../../shared/permissions.js';
import { PathText } from './names.js';

export function AlwaysConfirm({
  offers,
  agent,
  busy,
  onConfirm,
  onBack,
}: {
  offers: AlwaysOffer[];
  agent: string;
  busy: boolean;
  onConfirm: (choice: AlwaysChoice) => void;
  onBack: () => void;
}) {
  const [picked, setPicked] = useState(0);
  const offer = offers[picked]!;
  const [keep, setKeep] = useState(offer.words?.length ?? 0);
  const rules = offer.words ? offerRules(offer, keep) : offer.rules;
  const writer = offer.writer === 'agent' ? agent : 'Hookpanel';
  const pick = (i: number) => {
    setPicked(i);
    setKeep(offers[i]!.words?.length ?? 0);
  };
  return (
    <div className="always-confirm" role="group" aria-label="Always allow">
      {offers.length > 1 && (
        <fieldset className="always-offers">
          <legend>Which rule</legend>
          {offers.map((o, i) => (
            <label key={i}>
              <input type="radio" name="always-offer" checked={i === picked} onChange={() => pick(i)} />
              <code>{o.rules.join(', ')}</code> ({o.where})
            </label>
          ))}
        </fieldset>
      )}
      {offer.words && (
        <div className="always-words">
          <span id="always-words-label">Allow every command that starts with (choose the last word):</span>
          <div role="group" aria-labelledby="always-words-label">
            {offer.words.map((w, i) => (
              <button
                key={i}
                type="button"
                className={i < keep ? 'always-word kept' : 'always-word'}
                aria-pressed={i < keep}
                disabled={busy || i + 1 < (offer.minWords ?? 1)}
                onClick={() => setKeep(i + 1)}
              >
                {w}
              </button>
            ))}
          </div>
          {(offer.minWords ?? 1) > 1 && (
            <p className="muted">
              At least {offer.minWords} words: fewer would allow any command{' '}
              {offer.words.slice(0, (offer.minWords ?? 1) - 1).join(' ')} runs.
            </p>
          )}
        </div>
      )}
      <p>
        {offer.file ? (
          <>
            {writer} adds this rule to {offer.where}, <PathText path={offer.file} />:
          </>
        ) : (
          <>This rule holds for {offer.where}:</>
        )}
      </p>
      <pre className="always-rule" aria-label="The rule">
        {rules.join('\n')}
      </pre>
      <div className="waiting-actions">
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => onConfirm({ offer: picked, rules })}
        >
          Allow always
        </button>
        <button type="button" disabled={busy} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
