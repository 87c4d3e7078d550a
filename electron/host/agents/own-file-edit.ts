// Connect and disconnect for an agent whose bridge is a whole file of Hookpanel's own (opencode's
// plugin, GitHub Copilot CLI's hook file in its hooks folder), not entries in a settings file. Connect
// writes it (or brings it up to this installation's); disconnect removes it. A file at that path that
// is not Hookpanel's is never touched.
import { createTwoFilesPatch } from 'diff';
import { refuse } from './refusal.js';
import type { EditPlan } from './settings-edit.js';

export interface OwnFile {
  /** The file's text for this installation's bridge. */
  text(): string;
  /** Whether a text is Hookpanel's own file (connect wrote it, at any version). */
  owns(text: string | null): boolean;
  /** The events the file forwards, for the summary. */
  readonly events: readonly string[];
  /** What makes a file Hookpanel's, completing "Hookpanel's file …" (for the refusal to touch another). */
  readonly ownedWhen: string;
}

export function planOwnFile(path: string, before: string | null, file: OwnFile, connect: boolean): EditPlan {
  if (before !== null && !file.owns(before))
    refuse(
      `${path} is not Hookpanel's file (Hookpanel's file ${file.ownedWhen}), so Hookpanel leaves it as it is: move it away first, nothing was written`,
    );
  const after = connect ? file.text() : '';
  const changed = connect ? before !== after : before !== null;
  const events = [...file.events];
  return {
    path,
    before,
    after,
    changed,
    written: [],
    summary: {
      creates: connect && before === null,
      added: connect && before === null ? events : [],
      updated: connect && before !== null && changed ? events : [],
      kept: connect && !changed ? events : [],
      removed: !connect && before !== null ? events : [],
      removesHooksKey: false,
    },
    diff: changed ? createTwoFilesPatch(path, path, before ?? '', after, 'now', 'after') : '',
  };
}
