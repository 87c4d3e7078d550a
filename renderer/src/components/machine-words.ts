// The choice for tool calls on a machine while this computer cannot be reached, in words
// (docs/remote.md, "When this computer cannot be reached").
import type { WhenUnreachable } from '../../../shared/machines.js';

export const UNREACHABLE_WORDS: Record<WhenUnreachable, string> = {
  'go-on': 'its agents go on as if Hookpanel were not there (they ask their own questions there)',
  block: 'its tool calls are blocked until this computer answers again',
};
