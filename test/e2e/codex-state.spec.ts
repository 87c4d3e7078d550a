// Codex's hooks in Rules say one thing each: what Codex will do with it. No green "active" beside
// hooks Codex skips; that Codex is not installed is said; a project Codex does not trust gets the exact
// lines for the exact file, as code; a hook Codex does not trust yet gets the way to trust it, which
// (with the real Codex) records Codex's trust through Codex.
import type { Page } from '@playwright/test';
import { mkdirSync, symlinkSync } from 'node:fs';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe } from '../helpers/serve.js';
import { agentForTests } from '../realclient/agents.js';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

const twoHooks = JSON.stringify(
  {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh --strict' }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
    },
  },
  null,
  2,
);

async function openPanel(page: Page, env: TestEnv) {
  const serve = await startServe(env);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(/Panel: (\S+)/.exec(serve.output())![1]!);
  return serve;
}

test('Codex not installed, project not trusted: one status per hook, and the lines to add as code', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve with its own PATH');
  const env = makeEnv();
  env.processEnv.PATH = '/usr/bin:/bin';
  const hooksJson = env.write('ws/.codex/hooks.json', twoHooks);
  const serve = await openPanel(page, env);
  try {
    const source = page.getByRole('article', { name: `source ${hooksJson}` });
    await expect(source.getByText('Codex skips its hooks')).toBeVisible();
    await expect(source.getByText('active', { exact: true })).toHaveCount(0);
    await expect(
      source.getByText(
        'Codex will skip this: the project is not trusted in Codex, so Codex does not load this file',
      ),
    ).toHaveCount(2);
    await expect(source.getByText('Codex is not installed here (not on PATH)')).toBeVisible();
    const fix = source.getByRole('note', { name: 'how to fix it' });
    await expect(fix).toHaveCount(1);
    await expect(fix).toContainText('add these two lines at the end of this file');
    await expect(fix).toContainText('~/.codex/config.toml');
    await expect(fix.locator('pre code')).toHaveText(
      `[projects."${env.workspace}"]\ntrust_level = "trusted"`,
    );
    await expect(source).not.toContainText('`');
    await expect(source).not.toContainText('Trust review');
    expect(await axeViolations(page)).toEqual([]);
    await source.scrollIntoViewIfNeeded();
    await panel.shot(page, 'rules-codex-untrusted-project');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-rules-codex-untrusted-project');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('tab', { name: /Problems/ }).click();
    const notice = page.getByRole('note', { name: 'Codex will skip hooks' });
    await expect(notice).toContainText('Codex is not installed here');
    await expect(notice.locator('pre code')).toHaveText(
      `[projects."${env.workspace}"]\ntrust_level = "trusted"`,
    );
    await expect(notice).not.toContainText('Trust review');
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});

test('Codex installed, a hook it does not trust: the way to trust it, then "Codex will run this"', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve with Codex on its PATH');
  const codex = await agentForTests('codex');
  test.skip(!codex.agent, codex.why);
  const env = makeEnv();
  mkdirSync(env.path('codex-bin'));
  symlinkSync(codex.agent!.bin, env.path('codex-bin/codex'));
  env.processEnv.PATH = `${env.path('codex-bin')}:/usr/bin:/bin`;
  const hooksJson = env.write('~/.codex/hooks.json', twoHooks);
  const serve = await openPanel(page, env);
  try {
    const source = page.getByRole('article', { name: `source ${hooksJson}` });
    await expect(source.getByText('Codex skips its hooks')).toBeVisible();
    await expect(source.getByText('Codex will skip this: not trusted in Codex')).toHaveCount(2);
    await expect(source.getByText('not installed')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await panel.shot(page, 'rules-codex-untrusted-hooks');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-rules-codex-untrusted-hooks');
    await page.emulateMedia({ colorScheme: 'light' });

    await source.getByRole('button', { name: 'Review and trust it in Codex…' }).first().click();
    const card = page.getByRole('article', { name: "Codex's own trust" });
    await expect(card.getByLabel(/^command of /)).toHaveText(['./guard.sh --strict', 'notify-send done']);
    await card.getByRole('button', { name: 'Trust these 2 in Codex' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Codex now trusts these 2 hooks' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: /Rules/ }).click();
    await expect(source.getByText('Codex runs its hooks')).toBeVisible();
    await expect(source.getByText('Codex will run this')).toHaveCount(2);
    await expect(source.getByRole('button', { name: /Review and trust it/ })).toHaveCount(0);
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});
