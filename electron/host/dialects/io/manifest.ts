// io-harness (../shared/seeds/001_c82f53472102826d.txt) as data: what every list of dialects and `hookpanel
// emit` know of it.
import type { DialectManifest } from '../../../../shared/manifest.js';
import { IO_EVENTS } from './events.js';

export const manifest = {
  id: 'io',
  label: 'io-harness',
  kind: 'harness',
  events: IO_EVENTS,
  locations: {
    user: '`$XDG_CONFIG_HOME/io/io.toml` (default `~/.config/io/io.toml`)',
    project: '`io.toml`, `io.local.toml` (may not declare `[[hook]]`)',
  },
  conventions: {
    hookPayload: '`{ "event", …payload }` as JSON on stdin, and `IO_HOOK_EVENT`',
    answer:
      'exit 0 is success; for refuse and cancel the bridge exits 1 with the reason on stderr, so its own `on_failure` applies',
    payloadEnv: null,
    answerFileEnv: null,
    guardEvents: ['before_tool'],
  },
  states: { refused: 'io-harness refuses this configuration' },
  options: [],
  gate: { by: 'hookpanel' },
} as const satisfies DialectManifest;
