// The one-time offer, in a browser, the first time something would notify while the browser has not
// been asked: one click asks it; "Not now" hides the offer for good (Settings keeps the switch).
import { useNotify } from './state.js';

export function NotifyOffer() {
  const { offer, permission, outcome, turnOn, dismissOffer } = useNotify();
  if (!offer) return null;
  return (
    <section className="notify-offer" aria-label="Desktop notifications">
      <p>
        Be told on your desktop when an agent asks for permission, finishes a turn, or a hook blocks or fails,
        even when this tab is in the background.
      </p>
      {outcome && (
        <p className={permission === 'denied' ? 'notify-blocked' : 'muted'} role="status">
          {outcome}
        </p>
      )}
      <div className="notify-offer-actions">
        {permission !== 'denied' && (
          <button type="button" className="primary" onClick={() => void turnOn()}>
            Turn on desktop notifications
          </button>
        )}
        <button type="button" onClick={dismissOffer}>
          {permission === 'denied' ? 'Dismiss' : 'Not now'}
        </button>
      </div>
    </section>
  );
}
