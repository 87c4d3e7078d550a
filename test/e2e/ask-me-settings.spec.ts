// Ask me in Settings (README.md, "Ask me: answer an agent's permission request from Hookpanel"): choose the
// tools and the wait, saved and shown again after a reload; the warning when Claude Code is connected
// without its PermissionRequest hook, and its button updating the real settings file in the test's HOME;
// Codex not connected; axe and a small window.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test } from './fixtures.js';

test('Ask me settings: tools, wait, the missing-hook warning and its fix', async ({ page, panel }) => {
  const env = panel.env;
  const cli = (args: string[]) => runCli(args, { env: env.processEnv, cwd: env.workspace });
  // Connected while Ask me was off: Claude Code's settings have the bridge but no PermissionRequest hook.
  expect((await cli(['connect', 'claude', '--yes'])).code).toBe(0);
  const claudeSettings = env.path('~/.claude/settings.json');
  expect(JSON.parse(readFileSync(claudeSettings, 'utf8')).hooks.PermissionRequest).toBeUndefined();
  // A request Claude Code made before, for a tool of an MCP server: offered as a chip from History.
  expect(
    (
      await panel.emit('claude', 'PermissionRequest', {
        session_id: 's',
        tool_name: 'mcp__github__create_issue',
        tool_input: { title: 'x' },
        cwd: env.workspace,
      })
    ).code,
  ).toBe(0);

  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const claude = page.getByRole('group', { name: 'Ask me: Claude Code' });
  await claude.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');

  // The warning, where Ask me is shown and in the agents list, with what to do.
  const warning = claude.getByRole('alert', { name: 'Ask me for Claude Code' });
  await expect(warning).toContainText(`${claudeSettings} has no PermissionRequest hook`);
  const listed = page.getByRole('listitem', { name: 'agent Claude Code' });
  await expect(listed.getByRole('alert', { name: 'Ask me for Claude Code' })).toContainText(
    'its PermissionRequest hook is missing',
  );
  await listed.scrollIntoViewIfNeeded();
  await panel.shot(page, 'ask-me-settings-agents');
  await expect(page.getByText('Gemini CLI has no permission-request event')).toBeVisible();

  // Only chosen tools: nothing chosen is refused beside the field, as is a wait of 0.
  const form = claude.getByRole('form', { name: 'Ask me settings for Claude Code' });
  const chips = form.getByRole('group', { name: 'tools Ask me covers for Claude Code' });
  await expect(chips.getByRole('button', { name: /mcp__github__create_issue · asked before/ })).toBeVisible();
  await form.getByLabel('Only these tools:').check();
  const wait = form.getByLabel('seconds a request from Claude Code waits');
  await wait.fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Choose at least one tool, or Every tool')).toBeVisible();
  await expect(form.getByText('At least 1 second')).toBeVisible();
  await expect(wait).toHaveAttribute('aria-invalid', 'true');
  await panel.shot(page, 'ask-me-settings-problems');

  await chips.getByRole('button', { name: 'Bash', exact: true }).click();
  await chips.getByRole('button', { name: /mcp__github__create_issue/ }).click();
  // Another tool by name: refused with the reason beside it, then taken and chosen.
  const other = chips.getByLabel('another tool for Claude Code');
  await other.fill('two words');
  await chips.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('A tool name has no spaces or commas')).toBeVisible();
  await other.fill('mcp__db__query');
  await other.press('Enter');
  await expect(chips.getByRole('button', { name: 'mcp__db__query' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByText('A tool name has no spaces or commas')).toHaveCount(0);
  await wait.fill('120');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(claude).toContainText('(Bash, mcp__github__create_issue, mcp__db__query only) for up to 120s');
  const saved = () =>
    (JSON.parse(readFileSync(env.path('hp/settings.json'), 'utf8')) as { askMe: Record<string, unknown> })
      .askMe.claude;
  expect(saved()).toEqual({
    on: true,
    tools: ['Bash', 'mcp__github__create_issue', 'mcp__db__query'],
    waitSeconds: 120,
  });
  // The command line reads the same setting, and says the same about the missing hook.
  const printed = await cli(['ask-me', 'claude']);
  expect(printed.stdout).toContain(
    'for Bash, mcp__github__create_issue, mcp__db__query: requests wait up to 120s',
  );
  expect(printed.stdout).toContain(`${claudeSettings} has no PermissionRequest hook`);

  // Codex: Ask me on while it is not connected at all; it asks only for shell commands.
  const codex = page.getByRole('group', { name: 'Ask me: Codex' });
  await expect(codex).toContainText('Codex asks only for shell commands');
  await codex.getByLabel(/Ask me: Codex's permission requests/).check();
  await askMeSaved(panel, 'codex');
  await expect(codex.getByRole('alert', { name: 'Ask me for Codex' })).toContainText(
    'but Codex is not connected',
  );
  await expect(codex.getByRole('button', { name: 'Connect Codex…' })).toBeVisible();
  // Switching Codex left Claude Code's section as it was (not rebuilt while the change was saved).
  await expect(form.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await panel.shot(page, 'ask-me-settings-warning');
  await page.getByRole('group', { name: 'Ask me: Claude Code' }).scrollIntoViewIfNeeded();

  // A small window, light: no serious or critical problem for axe in the section.
  expect(await axeViolations(page, { include: '.ask-me' })).toEqual([]);

  // A reload shows what was saved.
  await page.reload();
  await page.getByRole('tab', { name: /Settings/ }).click();
  const again = page.getByRole('form', { name: 'Ask me settings for Claude Code' });
  await expect(again.getByLabel('seconds a request from Claude Code waits')).toHaveValue('120');
  await expect(again.getByLabel('Only these tools:')).toBeChecked();
  const chipsAgain = again.getByRole('group', { name: 'tools Ask me covers for Claude Code' });
  await expect(chipsAgain.getByRole('button', { name: 'Bash', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chipsAgain.getByRole('button', { name: 'Write', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The fix: one button, the Connect path, shown before it is written (ask-me-waiting.spec.ts looks
  // closer); the real file gets the hook (600 s) and a backup is kept.
  const fixing = page.getByRole('group', { name: 'Ask me: Claude Code' });
  await fixing.getByRole('button', { name: "Update Claude Code's connection…" }).click();
  await fixing.getByRole('button', { name: 'Apply and update' }).click();
  await expect(fixing.getByRole('status', { name: 'Ask me for Claude Code' })).toContainText(
    `Connected Claude Code: ${claudeSettings}`,
  );
  await expect(page.getByRole('alert', { name: 'Ask me for Claude Code' })).toHaveCount(0);
  const hooks = JSON.parse(readFileSync(claudeSettings, 'utf8')).hooks;
  expect(hooks.PermissionRequest[0].hooks[0]).toMatchObject({ timeout: 600 });
  expect(hooks.PermissionRequest[0].hooks[0].command).toMatch(/claude PermissionRequest$/);
  expect(readdirSync(join(env.hookpanelHome, 'backups')).some((f) => f.startsWith('claude-'))).toBe(true);
  await panel.shot(page, 'ask-me-settings-fixed');
});

test('Ask me settings pass axe in dark, at 1024×700', async ({ page, panel }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const claude = page.getByRole('group', { name: 'Ask me: Claude Code' });
  await claude.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await expect(claude.getByRole('alert', { name: 'Ask me for Claude Code' })).toContainText(
    'is not connected',
  );
  await claude.scrollIntoViewIfNeeded();
  expect(await axeViolations(page, { include: '.ask-me' })).toEqual([]);
  // Nothing of the section runs off a small window to the side.
  const box = await claude.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
  await panel.shot(page, 'ask-me-settings-dark');
});
