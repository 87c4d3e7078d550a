// Settings → Notifications, in a browser: "Desktop notifications in this browser". Checking it asks
// the browser (on this click, as browsers require) and says plainly when the browser blocks them.
import { BLOCKED, useNotify } from './state.js';

export function BrowserNotifications() {
  const { permission, wanted, outcome, turnOn, turnOff } = useNotify();
  if (permission === 'unsupported')
    return (
      <p className="muted" id="browser-notify-state">
        This browser cannot show desktop notifications for the panel (it needs the Notifications API and
        service workers, on this loopback address).
      </p>
    );
  const on = permission === 'granted' && wanted;
  const state =
    permission === 'denied'
      ? BLOCKED
      : on
        ? 'On: the kinds switched on above show as desktop notifications; waiting requests with Allow and Deny where this browser has notification buttons, else a click opens the card.'
        : permission === 'granted'
          ? 'Off in this browser.'
          : 'Off: checking it asks this browser for permission.';
  return (
    <div className="browser-notify">
      <label className="toggle">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="browser-notify-state"
          onChange={(e) => (e.target.checked ? void turnOn() : turnOff())}
        />{' '}
        Desktop notifications in this browser
      </label>
      <p
        className={permission === 'denied' ? 'notify-blocked' : 'muted'}
        id="browser-notify-state"
        role="status"
      >
        {/* What the last click did, unless the state below says it again ("On: … On: …"). */}
        {outcome && outcome !== state && permission !== 'denied' && !(on && outcome.startsWith('On:'))
          ? `${outcome} `
          : ''}
        {state}
      </p>
    </div>
  );
}
