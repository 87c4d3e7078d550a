// Ask me (docs/agents/permission-requests.md, "What is built"): switched on in Settings; a held permission
// request shows as the "Waiting for you" card above every view; Deny with a reason and Allow answer the
// waiting bridge; and "Always allow…", which shows the exact rule and its file before anything is written.
import { readFileSync, rmSync } from 'node:fs';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test } from './fixtures.js';

test('Ask me: the "Waiting for you" card answers Claude Code\'s permission request', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const toggle = page.getByLabel(/Ask me: Claude Code's permission requests/);
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await askMeSaved(panel, 'claude');
  await expect(page.getByText('Gemini CLI has no permission-request event')).toBeVisible();
  await page.getByRole('tab', { name: /Rules/ }).click();

  const request = {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'git push --force origin main', description: 'push' },
    cwd: panel.env.workspace,
  };
  const denied = panel.emit('claude', 'PermissionRequest', request);
  const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await expect(card).toContainText('git push --force origin main');
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toBeVisible();
  await card.getByLabel(/Reason/).fill('not on main, please');
  await panel.shot(page, 'ask-me-waiting');
  await card.getByRole('button', { name: 'Deny' }).click();
  const d = await denied;
  expect(d.code).toBe(0);
  expect(JSON.parse(d.stdout).hookSpecificOutput.decision).toEqual({
    behavior: 'deny',
    message: 'not on main, please',
  });
  await expect(card).toHaveCount(0);

  const allowed = panel.emit('claude', 'PermissionRequest', request);
  await page
    .getByRole('article', { name: 'Claude Code asks to use Bash' })
    .getByRole('button', { name: 'Allow' })
    .click();
  expect(JSON.parse((await allowed).stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toHaveCount(0);
});

test("Always allow through the card: Codex's prefix, trimmed, written to default.rules", async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Codex's permission requests/).check();
  await askMeSaved(panel, 'codex');
  await page.getByRole('tab', { name: /Rules/ }).click();

  const request = (command: string) => ({
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command, description: 'the task needs the status' },
    cwd: panel.env.workspace,
  });
  // A compound command: no "always", and the card says why.
  const piped = panel.emit('codex', 'PermissionRequest', request('git log | head -5'));
  let card = page.getByRole('article', { name: 'Codex asks to use Bash' });
  await expect(card).toContainText('No “Always allow”: the command has a pipe (|)');
  await expect(card.getByRole('button', { name: 'Always allow…' })).toHaveCount(0);
  await panel.shot(page, 'ask-me-always-none');
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  expect(JSON.parse((await piped).stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });

  const answered = panel.emit('codex', 'PermissionRequest', request('git status --short'));
  card = page.getByRole('article', { name: 'Codex asks to use Bash' });
  await card.getByRole('button', { name: 'Always allow…' }).click();
  const confirm = card.getByRole('group', { name: 'Always allow' });
  const rule = confirm.getByLabel('The rule');
  await expect(rule).toHaveText('prefix_rule(pattern=["git", "status", "--short"], decision="allow")');
  await expect(confirm).toContainText('.codex/rules/default.rules');
  // Back and forth changes nothing; then end the prefix at "status".
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toHaveCount(0);
  await card.getByRole('button', { name: 'Always allow…' }).click();
  await confirm.getByRole('button', { name: 'status' }).click();
  await expect(confirm.getByRole('button', { name: '--short' })).toHaveAttribute('aria-pressed', 'false');
  await expect(rule).toHaveText('prefix_rule(pattern=["git", "status"], decision="allow")');
  await panel.shot(page, 'ask-me-always-1024');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.shot(page, 'ask-me-always-1400');
  expect(await axeViolations(page)).toEqual([]);
  // A rules folder that cannot be written: the card names the file, and the request still waits.
  panel.env.write('~/.codex/rules', 'a file where the folder should be');
  await confirm.getByRole('button', { name: 'Allow always' }).click();
  await expect(card.getByRole('alert')).toContainText(
    `could not write the rule to ${panel.env.path('~/.codex/rules/default.rules')}`,
  );
  await panel.shot(page, 'ask-me-always-error');
  rmSync(panel.env.path('~/.codex/rules'));
  await confirm.getByRole('button', { name: 'Allow always' }).click();
  expect(JSON.parse((await answered).stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  await expect(page.getByRole('region', { name: 'Waiting for you' })).toHaveCount(0);
  expect(readFileSync(panel.env.path('~/.codex/rules/default.rules'), 'utf8')).toBe(
    'prefix_rule(pattern=["git", "status"], decision="allow")\n',
  );
});

test("Always allow through the card: Claude Code's suggested rule and its file", async ({ page, panel }) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  await page.getByRole('tab', { name: /Rules/ }).click();
  const suggestion = {
    type: 'addRules',
    rules: [{ toolName: 'Bash', ruleContent: 'npm test' }],
    behavior: 'allow',
    destination: 'localSettings',
  };
  const answered = panel.emit('claude', 'PermissionRequest', {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'npm test', description: 'run the tests' },
    cwd: panel.env.workspace,
    permission_suggestions: [suggestion, { type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
  });
  const card = page.getByRole('article', { name: 'Claude Code asks to use Bash' });
  await card.getByRole('button', { name: 'Always allow…' }).click();
  const confirm = card.getByRole('group', { name: 'Always allow' });
  await expect(confirm.getByLabel('The rule')).toHaveText('Bash(npm test)');
  await expect(confirm).toContainText("Claude Code adds this rule to this project's local settings");
  await expect(confirm).toContainText('.claude/settings.local.json');
  await panel.shot(page, 'ask-me-always-claude');
  await confirm.getByRole('button', { name: 'Allow always' }).click();
  expect(JSON.parse((await answered).stdout).hookSpecificOutput.decision).toEqual({
    behavior: 'allow',
    updatedPermissions: [suggestion],
  });
});
