// An agent's master switch (Qwen Code's disableAllHooks, Factory Droid's hooksDisabled): while it is
// on, the agent runs no hook of any of its own files, so each one Hookpanel shows active is disabled,
// with the reason at the top of the file.
import type { Source } from '../../../shared/model.js';
import { DiagnosticSink } from '../diagnostics/sink.js';

/** Marks every active inspected source disabled, saying `why` on each. */
export function switchOffInspected(sources: Source[], why: string): void {
  for (const s of sources) {
    if (s.role !== 'inspected' || s.state !== 'active') continue;
    s.state = 'disabled';
    const sink = new DiagnosticSink(s.path);
    sink.info('hooks_off', why);
    s.diagnostics.push(...sink.list);
  }
}
