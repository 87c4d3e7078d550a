// arya (../shared/seeds/000_ba1a3d8d5091bbc1.txt) as data: what every list of dialects and `hookpanel emit`
// know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { ARYA_EVENTS } from './events.js';

export const manifest = {
  id: 'arya',
  label: 'AryaCode',
  kind: 'harness',
  events: ARYA_EVENTS,
  locations: {
    user: '`$ARYA_HOME/polish/hooks.json` (default `~/.arya/polish/hooks.json`)',
    project: 'none',
  },
  conventions: {
    hookPayload:
      'the payload in `POLISH_HOOK_PAYLOAD`, with `POLISH_HOOK_EVENT` and `POLISH_HOOK_NAME`; stdin is empty',
    answer: 'none: rules observe, and the bridge always exits 0',
    payloadEnv: 'POLISH_HOOK_PAYLOAD',
    answerFileEnv: null,
    guardEvents: [],
  },
  states: {},
  options: [],
  gate: { by: 'hookpanel' },
} as const satisfies DialectManifest;
