// Trust review records Codex's own trust through Codex (its app server), after the exact command was
// shown: the hook goes from "Codex will skip this: not trusted in Codex" to "Codex will run this".
// Needs the real Codex the real-client tier installs; skipped, saying why, where it cannot be had.
import { mkdirSync, symlinkSync } from 'node:fs';
import { makeEnv } from '../helpers/env.js';
import { startServe } from '../helpers/serve.js';
import { agentForTests } from '../realclient/agents.js';
import { expect, test } from './fixtures.js';

test('Trust review: the exact command, then one click records Codex trust through Codex', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve with Codex on its PATH');
  const codex = await agentForTests('codex');
  test.skip(!codex.agent, codex.why);
  test.setTimeout(120_000);
  const env = makeEnv();
  mkdirSync(env.path('codex-bin'));
  symlinkSync(codex.agent!.bin, env.path('codex-bin/codex'));
  env.processEnv.PATH = `${env.path('codex-bin')}:${env.processEnv.PATH}`;
  const hooksJson = env.write(
    '~/.codex/hooks.json',
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh --strict' }] }],
        },
      },
      null,
      2,
    ),
  );
  const serve = await startServe(env);
  try {
    const url = /Panel: (\S+)/.exec(serve.output())![1]!;
    await page.goto(url);
    await page.getByRole('tab', { name: /Trust review/ }).click();
    const card = page.getByRole('article', { name: "Codex's own trust" });
    await expect(card.getByLabel(/^command of /)).toHaveText('./guard.sh --strict');
    await expect(card).toContainText(hooksJson);
    await panel.shot(page, 'trust-review-codex');
    await card.getByRole('button', { name: 'Trust in Codex' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Codex now trusts this hook' })).toBeVisible();
    await page.getByRole('tab', { name: /Rules/ }).click();
    const source = page.getByRole('article', { name: `source ${hooksJson}` });
    await expect(source.getByText('Codex will run this')).toBeVisible();
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});
