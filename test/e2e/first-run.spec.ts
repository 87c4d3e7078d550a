// The first screen on a machine where nothing is connected and no hook file exists: which agents are
// installed (their program on PATH, with its version) and which settings files are there, each said
// apart; Connect… through the summary first; a settings file Connect created never makes an agent that
// is not installed look installed. The table of places Hookpanel looks sits behind a link.
import { chmodSync, mkdirSync } from 'node:fs';
import { makeEnv, type TestEnv } from '../helpers/env.js';
import { startServe } from '../helpers/serve.js';
import { axeViolations } from './axe.js';
import { expect, holdAnswers, test } from './fixtures.js';

/** A home with nothing in it, and PATH holding a `claude` that says its version and the system tools. */
function emptyMachine(): TestEnv {
  const env = makeEnv();
  mkdirSync(env.path('bin'));
  const claude = env.write('bin/claude', '#!/bin/sh\necho "2.1.7 (Claude Code)"\n');
  chmodSync(claude, 0o755);
  env.processEnv.PATH = `${env.path('bin')}:/usr/bin:/bin`;
  return env;
}

test('first run: the agents on this machine, told apart, and Connect from there', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve on an empty home with its own PATH');
  const env = emptyMachine();
  const serve = await startServe(env);
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(/Panel: (\S+)/.exec(serve.output())![1]!);
    const welcome = page.getByRole('region', { name: 'your agents on this machine' });
    await expect(welcome).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your agents on this machine');

    const claude = welcome.getByRole('listitem', { name: 'agent Claude Code' });
    await expect(claude.getByText('installed · 2.1.7')).toBeVisible();
    await expect(claude.getByText('not connected')).toBeVisible();
    const claudeFacts = claude.getByLabel('what Hookpanel found of Claude Code');
    await expect(claudeFacts).toContainText(`claude 2.1.7, at ${env.path('bin/claude')}`);
    await expect(claudeFacts).toContainText('~/.claude/settings.json is not there yet');
    const gemini = welcome.getByRole('listitem', { name: 'agent Gemini CLI' });
    await expect(gemini.getByText('not installed', { exact: true })).toBeVisible();
    await expect(gemini.getByLabel('what Hookpanel found of Gemini CLI')).toContainText(
      'not installed here: no gemini on PATH',
    );
    await expect(welcome.getByText('Installed here: Claude Code.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.shot(page, 'first-run');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-first-run');
    await page.emulateMedia({ colorScheme: 'light' });

    // Gemini CLI is not installed: connecting it writes its settings, and it stays "not installed".
    await gemini.getByRole('button', { name: 'Connect…' }).click();
    const dialog = gemini.getByRole('dialog', { name: 'connect Gemini CLI' });
    await expect(dialog).toContainText('Creates ~/.gemini/settings.json');
    await dialog.getByRole('button', { name: 'Apply and connect' }).click();
    await expect(gemini.getByText('connected', { exact: true })).toBeVisible();
    await expect(gemini.getByText('not installed', { exact: true })).toBeVisible();
    await expect(gemini.getByLabel('what Hookpanel found of Gemini CLI')).toContainText(
      '~/.gemini/settings.json was created by Hookpanel when you connected it',
    );
    await expect(gemini.getByText('Connected, but no gemini is on PATH here')).toBeVisible();

    // The places Hookpanel looks, as this machine's paths, only when asked for.
    await expect(page.getByRole('table', { name: 'where hook files are' })).toHaveCount(0);
    await welcome.getByRole('button', { name: 'Where Hookpanel looks for hook files' }).click();
    const table = page.getByRole('table', { name: 'where hook files are' });
    await expect(table).toContainText('~/.arya/polish/hooks.json');
    await expect(table).toContainText('.chrys/hooks/hooks.yaml');
    await expect(table).not.toContainText('$');
    expect(await axeViolations(page)).toEqual([]);
    await table.scrollIntoViewIfNeeded();
    await panel.shot(page, 'first-run-connected');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-first-run-connected');
    await page.emulateMedia({ colorScheme: 'light' });

    // Left, and one click away again.
    await welcome.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rules');
    await page.getByRole('button', { name: 'Agents on this machine' }).click();
    await expect(welcome).toBeVisible();
    await page.getByRole('tab', { name: /Settings/ }).click();
    const item = page.getByRole('listitem', { name: 'agent Gemini CLI' });
    await expect(item.getByText('not installed', { exact: true })).toBeVisible();
    await expect(item.getByText('found', { exact: true })).toHaveCount(0);
    await page.getByRole('listitem', { name: 'agent Claude Code' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await panel.shot(page, 'settings-agents-facts');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-settings-agents-facts');
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});

test('first run skipped: Rules says no hook files, leads back to the agents, the places behind a link', async ({
  page,
  panel,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve on an empty home with its own PATH');
  const env = emptyMachine();
  const serve = await startServe(env);
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(/Panel: (\S+)/.exec(serve.output())![1]!);
    const welcome = page.getByRole('region', { name: 'your agents on this machine' });
    await welcome.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page.getByRole('heading', { name: 'No hook files yet' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'where hook files are' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Where Hookpanel looks for hook files' }).click();
    await expect(page.getByRole('table', { name: 'where hook files are' })).toContainText(
      '~/.chrys/hooks/hooks.yaml',
    );
    expect(await axeViolations(page)).toEqual([]);
    await panel.shot(page, 'rules-no-hook-files');
    await page.emulateMedia({ colorScheme: 'dark' });
    await panel.shot(page, 'dark-rules-no-hook-files');
    await page.emulateMedia({ colorScheme: 'light' });
    // Skipped is remembered: a reload stays on Rules; the link brings the agents back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No hook files yet' })).toBeVisible();
    await page.getByRole('button', { name: 'See which agents are on this machine and connect them' }).click();
    await expect(welcome).toBeVisible();
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});

test('a view chosen while the first screen is being decided stays, the agents one click away', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'browser mode: a serve on an empty home with its own PATH');
  const env = emptyMachine();
  const serve = await startServe(env);
  try {
    // The first screen is decided once the hook files are read, the requests waiting read last: held,
    // a person goes to History before it is decided.
    const waiting = await holdAnswers(page, 'requests:list', 'every');
    await page.goto(/Panel: (\S+)/.exec(serve.output())![1]!);
    await expect.poll(() => waiting.asked).toBe(true);
    await page.getByRole('tab', { name: /History/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
    waiting.release();
    await expect.poll(() => waiting.answered).toBe(true);
    // A click after the answer: the page has run what the answer set off (the first screen's decision).
    const runs = page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' });
    await runs.click();
    await expect(runs).toHaveAttribute('aria-pressed', 'true');
    const welcome = page.getByRole('region', { name: 'your agents on this machine' });
    await expect(welcome).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
    await page.getByRole('button', { name: 'Agents on this machine' }).click();
    await expect(welcome).toBeVisible();
  } finally {
    await serve.stop();
    await env.cleanup();
  }
});
