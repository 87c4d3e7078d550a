// The panel in browser mode, clicked through as a person would, with a screenshot of every view.
import { readFileSync } from 'node:fs';
import { expect, historyRows, openHistory, test } from './fixtures.js';

test("Rules: every source by agent with its state; rules named by their command; a rule's detail in words", async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AryaCode' })).toBeVisible();
  const hosted = page.getByRole('article', { name: /claude\.json/ });
  await expect(hosted.locator('.badge').first()).toHaveText('active');
  // Claude Code runs its own settings file: said in words, in the menu of who runs it.
  const own = page.getByRole('article', { name: /\.claude\/settings\.json/ });
  await expect(own.getByRole('combobox', { name: /who runs the hooks/ })).toHaveValue('inspected');
  await expect(own.getByRole('combobox', { name: /who runs the hooks/ })).toContainText(
    'Claude Code runs it',
  );
  // Named by what they run, with the position as detail; a named rule shows its command under its name.
  const audit = hosted.getByRole('button', { name: "rule echo audit 'argument with spaces'" });
  await expect(audit).toContainText('PreToolUse[0].hooks[1]');
  await expect(hosted.getByRole('button', { name: 'rule echo turn finished' })).toBeVisible();
  const arya = page.getByRole('article', { name: /polish\/hooks\.json/ });
  await expect(arya.getByRole('button', { name: 'rule spaces' })).toContainText("'notify-send hello'");
  await audit.click();
  const detail = page.getByRole('region', { name: "rule echo audit 'argument with spaces'" });
  await expect(detail.getByRole('list', { name: 'command arguments' }).getByRole('listitem')).toHaveText([
    '/bin/echo',
    'audit',
    'argument with spaces',
  ]);
  await expect(detail).toContainText('600 s, then it is stopped');
  await expect(detail).toContainText('The agent waits for it; its answer can block the action');
  await expect(detail).toContainText('If the hook fails, the action goes ahead (fail-open)');
  await panel.shot(page, 'rules');
});

test('Rules: a search hit says why it matched; same-named rules of two files are told apart', async ({
  page,
  panel,
}) => {
  // A project chrys file that names a rule as the global one does.
  panel.env.write('hp/settings.json', JSON.stringify({ dialects: { chrys: { projectHooksEnabled: true } } }));
  panel.env.write(
    'ws/.chrys/hooks/hooks.yaml',
    'hooks:\n  - id: still-loads\n    event: session_end\n    run: { type: command, argv: [/usr/bin/logger, project] }\n',
  );
  await panel.goto(page);
  const search = page.getByRole('searchbox', { name: 'search rules' });
  await search.fill('argument with');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ rules? match/ })).toHaveText(
    '1 rule match “argument with”',
  );
  await expect(page.getByRole('button', { name: /^rule echo audit/ })).toContainText('matched in command');
  await search.fill('turn/stopping');
  await expect(page.getByRole('button', { name: /^rule good\b/ })).toContainText('matched in event');
  await expect(page.getByRole('button', { name: /^rule echo audit/ })).toHaveCount(0);
  await search.fill('still-loads');
  const twins = page.getByRole('button', { name: 'rule still-loads' });
  await expect(twins).toHaveCount(2);
  // Each under its own file, each with its own command.
  await expect(
    page.getByRole('article', { name: /ws\/\.chrys\/hooks\/hooks\.yaml/ }).getByRole('button', {
      name: 'rule still-loads',
    }),
  ).toContainText('logger project');
  await expect(
    page.getByRole('article', { name: /home\/\.chrys\/hooks\/hooks\.yaml/ }).getByRole('button', {
      name: 'rule still-loads',
    }),
  ).toContainText('true');
  await panel.shot(page, 'rules-search');
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
  await file.getByRole('button', { name: 'rule mcp policy/check_path' }).click();
  const detail = page.getByRole('region', { name: 'rule mcp policy/check_path' });
  await expect(detail).toContainText('tool check_path');
  await expect(detail).toContainText('{"path":"${payload.tool_input.file_path}"}');
  await expect(detail.getByRole('list', { name: 'command arguments' }).getByRole('listitem')).toHaveText([
    'policy-mcp',
    '--strict',
  ]);
  await expect(detail).toContainText(`from ${user}`);
  await panel.shot(page, 'rules-mcp');
  await file.getByRole('button', { name: 'rule mcp nowhere/x' }).click();
  await expect(page.locator('.detail')).toContainText('not defined in any pw code file');
  await file.getByRole('button', { name: /^rule prompt: Are the tests green/ }).click();
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
    page.getByText('pw code has no event PreToolUze, so nothing under it runs; did you mean PreToolUse?'),
  ).toBeVisible();
});

test('Test fire: a dry run lists what would run; Fire runs it and opens the event in History', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await page.getByRole('tab', { name: /Test fire/ }).click();
  await page.getByLabel('Agent', { exact: true }).selectOption('claude');
  await page.getByLabel('Event', { exact: true }).selectOption('PreToolUse');
  const payload = page.getByRole('textbox', { name: 'payload' });
  await expect(payload).toContainText('"tool_name": "Bash"');
  await payload.fill(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /tmp/x' } }));
  await page.getByRole('button', { name: 'Dry run' }).click();
  const dry = page.getByLabel('dry run result');
  await expect(dry.getByText("echo audit 'argument with spaces'")).toBeVisible();
  await expect(dry.getByText(/allow unless one of 2 hooks blocks/)).toBeVisible();
  await expect(dry.getByText('may block')).toHaveCount(2);
  await panel.shot(page, 'test-fire');
  await page.getByRole('button', { name: 'Fire', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  const event = page.getByLabel('event detail');
  await expect(event.getByRole('heading', { name: /PreToolUse/ })).toContainText('blocked');
  await expect(event).toContainText('no rm -rf here');
  const ran = event.getByRole('list', { name: 'rules this event ran' }).getByRole('button');
  await expect(ran).toHaveCount(2);
  await ran.filter({ hasText: 'blocked' }).click();
  await expect(page.getByLabel('stderr')).toHaveText('no rm -rf here\n');
});

test('History: live, filterable, with detail, per-rule stats and replay as dry run', async ({
  page,
  panel,
}) => {
  await panel.goto(page);
  await openHistory(page, 'Rule runs');
  await expect(page.getByText('No rule has run yet')).toBeVisible();
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
  await expect(historyRows(page)).toHaveCount(4);
  await page.getByRole('combobox', { name: 'outcome' }).selectOption('blocked');
  await expect(historyRows(page)).toHaveCount(1);
  await historyRows(page).first().click();
  const detail = page.getByLabel('dispatch detail');
  await expect(detail).toContainText('exit 2');
  await expect(detail.getByLabel('stderr')).toHaveText('no rm -rf here\n');
  await expect(detail.getByLabel('payload')).toContainText('"rm -rf /"');
  await detail.getByRole('button', { name: 'Replay as dry run' }).click();
  await expect(detail.getByRole('group', { name: 'replay' }).getByLabel('dry run result')).toContainText(
    "echo audit 'argument with spaces'",
  );
  await page.getByText('Time and failures per rule').click();
  await expect(page.locator('.stats tbody tr')).toHaveCount(1);
  await expect(page.locator('.stats tbody tr')).toContainText('PreToolUse[0].hooks[0] in claude.json');
  await expect(page.locator('.stats')).toContainText('1 rule run counted, every one that matches.');
  await panel.shot(page, 'history');
});

test('Settings: notification kinds, pause, workspaces persist; paused rules do not show as active', async ({
  page,
  panel,
}) => {
  const other = panel.env.path('other-project');
  panel.env.write('other-project/README.md', 'another project\n');
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel('An agent finished a turn').uncheck();
  await page.getByLabel(/Pause all hooks/).check();
  await page.getByRole('textbox', { name: 'new workspace' }).fill(other);
  await page.getByRole('button', { name: 'Add workspace' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${other}.` })).toBeVisible();
  await expect(page.getByLabel('Workspace').locator('option')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'All hooks paused' })).toBeVisible();
  await panel.shot(page, 'settings');
  await page.reload();
  await page.getByRole('heading', { name: 'Rules' }).waitFor();
  // Paused: no file shows a green "active", and each says why nothing runs.
  const hosted = page.getByRole('article', { name: /claude\.json/ });
  await expect(hosted.locator('.badge').first()).toHaveText('paused');
  await expect(hosted).toContainText('All hooks are paused, so none of these run.');
  // Only files their own agent runs (which pausing Hookpanel cannot stop) may still show "active".
  const stillActive = page.getByRole('article').filter({ has: page.locator('.badge-active') });
  for (const file of await stillActive.all())
    await expect(file.getByRole('combobox', { name: /who runs the hooks of/ })).toHaveValue('inspected');
  await expect(page.getByRole('article').filter({ has: page.locator('.badge-paused') })).not.toHaveCount(0);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await expect(page.getByLabel('An agent finished a turn')).not.toBeChecked();
  await expect(page.getByLabel(/Pause all hooks/)).toBeChecked();
  const r = await panel.emit('claude', 'Stop', {});
  expect(r.code).toBe(0);
  await openHistory(page, 'Rule runs');
  await expect(historyRows(page).first()).toContainText('skipped');
});

test('Keyboard: Alt+number switches views; rows are reachable with the keyboard', async ({ page, panel }) => {
  await panel.goto(page);
  await panel.emit('claude', 'Stop', {});
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await historyRows(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('event detail')).toContainText('1 rule matched');
  await page
    .getByLabel('event detail')
    .getByRole('button', { name: /echo turn finished/ })
    .press('Enter');
  await expect(page.getByLabel('dispatch detail')).toContainText('turn finished');
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});
