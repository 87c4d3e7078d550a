import { defineCatalog } from '../../../../shared/events/catalog.js';

export const ARYA_EVENTS = defineCatalog([
  { name: 'turn/stopping', description: 'A turn is stopping', sample: { turn: 1 } },
  {
    name: 'agent/error',
    description: 'The agent hit an error',
    sample: { turn: 1, step: 2, error: 'tool failed' },
  },
  {
    name: 'compaction/summary',
    description: 'A compaction summary was written',
    sample: { sessionId: 's-1', compactionId: 'c-1' },
  },
  {
    name: 'compaction/end',
    description: 'A compaction finished',
    sample: { sessionId: 's-1', compactionId: 'c-1' },
  },
]);

/** Events the harness has but no rule may subscribe to yet, with the seed's reason. */
export const ARYA_REFUSED_EVENTS: Record<string, string> = {
  'tools/pre-execute':
    'exists in the host but its waterfall contract has not been verified against this harness version, so no rule can subscribe to it yet',
  'tools/post-execute':
    'exists in the host but its waterfall contract has not been verified against this harness version, so no rule can subscribe to it yet',
};
