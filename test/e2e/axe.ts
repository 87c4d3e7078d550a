// axe-core over the panel, as every spec's accessibility look runs it: `axe.run` in the page itself, axe
// put into a document once. The panel can hold no frame (its CSP's default-src 'none' leaves no
// frame-src), so @axe-core/playwright's frame-by-frame run checks nothing more here, and it costs more
// than the check: each look injected axe again (~250 ms) and opened a blank page, a renderer process,
// to finish the run in (a11y.spec.ts, four tests of nine looks: 1.5 min and ~116 CPU s, now well under
// half). `resultTypes: ['violations']` spares the selectors of every node that passed, which nobody reads.
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * axe's violations on the page as it is, or inside the `include` selector: the serious and critical
 * ones, or every one with `everyImpact`. Each is one line naming the rule, its impact and what to fix,
 * then up to four of the nodes it found with axe's summary of what is wrong.
 */
export async function axeViolations(
  page: Page,
  { include, everyImpact = false }: { include?: string; everyImpact?: boolean } = {},
): Promise<string[]> {
  // A reload or a navigation leaves a document without it.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ({ include }) =>
      (globalThis as unknown as { axe: typeof axe }).axe
        .run(include ? { include: [include] } : { exclude: [] }, { resultTypes: ['violations'] })
        .then((results) => results.violations),
    { include },
  );
  return violations
    .filter((v) => everyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) =>
      [
        `${v.id} (${v.impact}) ${v.help}`,
        ...v.nodes
          .slice(0, 4)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`),
      ].join('\n'),
    );
}
