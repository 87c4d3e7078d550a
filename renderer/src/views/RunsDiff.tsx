// A changed command in Trust review: what it ran and what it runs now, each with the changed words
// marked (jsdiff), so two commands that look alike show where they differ; changed spaces are drawn.
import { diffWordsWithSpace, type Change } from 'diff';
import type { ReviewRuns } from '../../../shared/ipc.js';
import { runsText } from './ReviewCards.js';

/** Spaces and tabs drawn, where a change is only whitespace (otherwise the mark would be empty). */
function shown(value: string): string {
  return /^\s+$/.test(value) ? value.replace(/ /g, '·').replace(/\t/g, '→').replace(/\n/g, '↵') : value;
}

function Side({ parts, keep }: { parts: Change[]; keep: 'removed' | 'added' }) {
  return (
    <code className="chip runs-diff">
      {parts.map((p, i) =>
        !p.added && !p.removed ? (
          <span key={i}>{p.value}</span>
        ) : p[keep] ? (
          keep === 'removed' ? (
            <del key={i} title="removed">
              {shown(p.value)}
            </del>
          ) : (
            <ins key={i} title="added">
              {shown(p.value)}
            </ins>
          )
        ) : null,
      )}
    </code>
  );
}

/** "was" and "now" with the difference marked; null when the two run the same thing. */
export function RunsDiff({ before, now }: { before: ReviewRuns; now: ReviewRuns }) {
  const was = runsText(before);
  const is = runsText(now);
  if (was === is && (before.shell === null) === (now.shell === null)) return null;
  const parts = diffWordsWithSpace(was, is);
  const how = (r: ReviewRuns) => (r.shell !== null ? 'through a shell' : r.argv ? 'as arguments' : '');
  return (
    <>
      <div className="cmd-runs before">
        <span className="muted was">was</span>
        <Side parts={parts} keep="removed" />
        {how(before) !== how(now) && <span className="muted">{how(before)}</span>}
      </div>
      <div className="cmd-runs">
        <span className="muted was">now</span>
        <Side parts={parts} keep="added" />
        {how(before) !== how(now) && <span className="muted">{how(now)}</span>}
      </div>
    </>
  );
}
