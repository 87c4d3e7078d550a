// The panel in browser mode, clicked through as a person would, with a screenshot of every view.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';

test("Rules: every source by dialect with its state; a hook's detail shows argv chips; search filters", async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /AryaCode/ })).toBeVisible();
  const hosted = page.getByRole('article', { name: /claude\.json/ });
  await expect(hosted.locator('.badge').first()).toHaveText('active');
  await expect(
    page
      .getByRole('article', { name: /\.claude\/settings\.json/ })
      .getByText('inspected')
      .first(),
  ).toBeVisible();
  await hosted.getByRole('button', { name: 'rule PreToolUse[0].hooks[1]' }).click();
  const chips = page.getByRole('list', { name: 'command arguments' });
  await expect(chips.getByRole('listitem')).toHaveText(['/bin/echo', 'audit', 'argument with spaces']);
  await expect(page.getByText('600 s')).toBeVisible();
  await panel.shot(page, 'rules');
  await page.getByRole('searchbox', { name: 'search rules' }).fill('turn/stopping');
  await expect(page.getByRole('button', { name: 'rule good' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'rule PreToolUse[0].hooks[1]' })).toHaveCount(0);
});

test('Rules: an mcp_tool hook shows its tool, input and which file its server comes from', async ({
  page,
  panel,
}) => {
  const user = panel.env.write(
    '~/.config/pw/code.json',
    JSON.stringify(
      {
        mcpServers: { policy: { command: 'policy-mcp', args: ['--strict'] } },
        hooks: {
          PreToolUse: [
            {
              matcher: 'Edit',
              hooks: [
                {
                  type: 'mcp_tool',
                  server: 'policy',
                  tool: 'check_path',
                  input: { path: '${payload.tool_input.file_path}' },
                },
                { type: 'mcp_tool', server: 'nowhere', tool: 'x' },
              ],
            },
          ],
          Stop: [
            {
              hooks: [
                { type: 'prompt', prompt: 'Are the tests green? $ARGUMENTS', model: 'claude-haiku-4-5' },
              ],
            },
          ],
        },
      },
      null,
      2,
    ),
  );
  await panel.goto(page);
  const file = page.getByRole('article', { name: `source ${user}` });
  await file.getByRole('button', { name: 'rule PreToolUse[0].hooks[0]' }).click();
  const detail = page.locator('.detail', {
    has: page.getByRole('heading', { name: 'PreToolUse[0].hooks[0]' }),
  });
  await expect(detail).toContainText('tool check_path');
  await expect(detail).toContainText('{"path":"${payload.tool_input.file_path}"}');
  await expect(detail.getByRole('list', { name: 'command arguments' }).getByRole('listitem')).toHaveText([
    'policy-mcp',
    '--strict',
  ]);
  await expect(detail).toContainText(`from ${user}`);
  await panel.shot(page, 'rules-mcp');
  await file.getByRole('button', { name: 'rule PreToolUse[0].hooks[1]' }).click();
  await expect(page.locator('.detail')).toContainText('not defined in any pw code file');
  await file.getByRole('button', { name: 'rule Stop[0].hooks[0]' }).click();
  await expect(page.locator('.detail')).toContainText('model claude-haiku-4-5');
});

test('Settings: the model endpoint key is saved to the host and never shown again', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel('model base URL').fill('https://llm.example.com');
  await page.getByLabel('model API key').fill('sk-e2e-secret');
  await page.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByLabel('model API key')).toHaveValue('');
  await expect(page.getByLabel('model API key')).toHaveAttribute('placeholder', 'saved (type to replace)');
  await panel.shot(page, 'settings-model');
  expect(JSON.parse(readFileSync(panel.env.path('hp/settings.json'), 'utf8')).model).toEqual({
    baseUrl: 'https://llm.example.com',
    apiKey: 'sk-e2e-secret',
  });
  await page.reload();
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(page.getByLabel('model base URL')).toHaveValue(/llm\.example\.com/);
  expect(await page.content()).not.toContain('sk-e2e-secret');
  await page.getByRole('button', { name: 'Forget the saved key' }).click();
  await expect(page.getByLabel('model API key')).toHaveAttribute('placeholder', 'not set');
});

test('Problems: grouped by file with line:column and the offending text; files reload live', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Problems/ }).click();
  const arya = page.getByRole('article', { name: /problems in .*polish\/hooks\.json/ });
  await expect(arya.getByText('hooks[1].on: "tools/pre-execute" cannot be subscribed to')).toBeVisible();
  await expect(arya.locator('.pos').first()).toHaveText('4:28');
  await expect(arya.locator('.excerpt').first()).toContainText('"tools/pre-execute"');
  await panel.shot(page, 'problems');
  panel.env.write('~/.config/pw/code.json', '{ "hooks": { "PreToolUze": [] } }');
  await expect(
    page.getByText('"PreToolUze" is not a pw code hook event (did you mean "PreToolUse"?)'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Validate now' }).click();
  await expect(page.getByRole('button', { name: 'Validate now' })).toBeEnabled();
});

test('Test fire: a dry run lists what would run; Fire runs it and opens History on the dispatches', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Dialect').selectOption('claude');
  await page.getByLabel('Event').selectOption('PreToolUse');
  const payload = page.getByRole('textbox', { name: 'payload' });
  await expect(payload).toContainText('"tool_name": "Bash"');
  await payload.fill(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/x' } }));
  await page.getByRole('button', { name: 'Dry run' }).click();
  const dry = page.getByLabel('dry run result');
  await expect(dry.getByText('PreToolUse[0].hooks[0]')).toBeVisible();
  await expect(dry.getByText(/allow unless one of 2 hooks blocks/)).toBeVisible();
  await panel.shot(page, 'test-fire');
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'blocked' })).toHaveCount(1);
  await expect(page.getByLabel('dispatch detail')).toContainText('no rm -rf here');
});

test('History: live, filterable, with detail, per-rule stats and replay as dry run', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByText('No dispatches')).toBeVisible();
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'outcome' }).selectOption('blocked');
  await expect(page.getByRole('row')).toHaveCount(1);
  await page.getByRole('row').first().click();
  const detail = page.getByLabel('dispatch detail');
  await expect(detail).toContainText('exit 2');
  await expect(detail.getByLabel('stderr')).toHaveText('no rm -rf here\n');
  await expect(detail.getByLabel('payload')).toContainText('"rm -rf /"');
  await detail.getByRole('button', { name: 'Replay as dry run' }).click();
  await expect(detail.getByLabel('dry run result')).toContainText('PreToolUse[0].hooks[0]');
  await page.getByText(/Per-rule latency and failures/).click();
  await expect(page.locator('.stats tbody tr')).toHaveCount(1);
  await panel.shot(page, 'history');
});

test('Settings: notification kinds, pause, chrys project hooks, workspaces persist', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel('An agent finished a turn').uncheck();
  await page.getByLabel(/Pause all hooks/).check();
  await page.getByRole('textbox', { name: 'new workspace' }).fill('/srv/other-project');
  await page.getByRole('button', { name: 'Add workspace' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '/srv/other-project' })).toBeVisible();
  await expect(page.getByLabel('Workspace').locator('option')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'All hooks paused' })).toBeVisible();
  await panel.shot(page, 'settings');
  await page.reload();
  await page.getByRole('heading', { name: 'Rules' }).waitFor();
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(page.getByLabel('An agent finished a turn')).not.toBeChecked();
  await expect(page.getByLabel(/Pause all hooks/)).toBeChecked();
  const r = await panel.emit('claude', 'Stop', {});
  expect(r.code).toBe(0);
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('row').first()).toContainText('skipped');
});

test('Keyboard: Alt+number switches views; rows are reachable with the keyboard', async ({ page, panel }) => {
  await panel.goto(page);
  await panel.emit('claude', 'Stop', {});
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await page.getByRole('row').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('dispatch detail')).toContainText('turn finished');
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('Connect an agent: first-run notice, the diff first, then connected; disconnect undoes it', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByText('Claude Code is on this machine but not connected')).toBeVisible();
  await page.getByRole('button', { name: 'Connect…' }).first().click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const claude = page.getByRole('listitem', { name: 'agent Claude Code' });
  await expect(claude.getByText('not connected')).toBeVisible();
  await claude.getByRole('button', { name: 'Connect…' }).click();
  const dialog = page.getByRole('dialog', { name: 'connect Claude Code' });
  // The bridge as this installation runs it (absolute, no `hookpanel` on PATH needed).
  await expect(dialog.getByLabel('the change to the settings file')).toContainText(' emit claude Stop');
  await panel.shot(page, 'connect');
  await dialog.getByRole('button', { name: 'Apply and connect' }).click();
  await expect(claude.getByText('connected', { exact: true })).toBeVisible();
  await expect(claude.getByText('waiting for its first event')).toBeVisible();
  await panel.emit('claude', 'Stop', {});
  await expect(claude.getByText(/live · last event/)).toBeVisible();
  await claude.getByRole('button', { name: 'Disconnect…' }).click();
  await page
    .getByRole('dialog', { name: 'disconnect Claude Code' })
    .getByRole('button', { name: 'Apply and disconnect' })
    .click();
  await expect(claude.getByText('not connected')).toBeVisible();
});
