// The agents' own trust gates in the panel: Rules says per hook whether the agent will run it, Problems
// counts what it will skip and how to fix that, and Settings → Agents lists the three agents, connected
// with the diff first and "waiting since you connected it" until the first event arrives.
import { expect, test } from './fixtures.js';

test("each agent's own verdict per hook in Rules and Problems; Gemini CLI connected from Settings → Agents", async ({
  page,
  panel,
}) => {
  // Gemini CLI's user settings, in a workspace Gemini does not trust: it will skip both hooks.
  panel.env.write(
    '~/.gemini/settings.json',
    JSON.stringify(
      {
        hooks: {
          BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: './guard.sh' }] }],
          AfterAgent: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
        },
      },
      null,
      2,
    ),
  );
  // Codex is not installed here: its verdict is unknown, not guessed.
  panel.env.write(
    '~/.codex/hooks.json',
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } }, null, 2),
  );
  await panel.goto(page);

  const gemini = page.getByRole('article', { name: `source ${panel.env.path('~/.gemini/settings.json')}` });
  await expect(
    gemini.getByText('Gemini CLI will skip this: the folder is not trusted').first(),
  ).toBeVisible();
  await expect(gemini.getByText(/Gemini CLI will skip this/)).toHaveCount(2);
  const codex = page.getByRole('article', { name: `source ${panel.env.path('~/.codex/hooks.json')}` });
  await expect(codex.getByText('unknown: Codex is not installed')).toBeVisible();
  await gemini.scrollIntoViewIfNeeded();
  await panel.shot(page, 'rules-agent-trust');

  await page.getByRole('tab', { name: /Problems/ }).click();
  const notice = page.getByRole('note', { name: 'Gemini CLI will skip hooks' });
  await expect(notice).toContainText('Gemini CLI will skip these 2 hooks');
  await expect(notice).toContainText(`Trust ${panel.env.workspace} in Gemini CLI`);
  await panel.shot(page, 'problems-agent-skips');

  await page.getByRole('tab', { name: /Settings/ }).click();
  for (const name of ['Claude Code', 'Codex', 'Gemini CLI'])
    await expect(page.getByRole('listitem', { name: `agent ${name}` })).toBeVisible();
  const item = page.getByRole('listitem', { name: 'agent Gemini CLI' });
  await item.getByRole('button', { name: 'Connect…' }).click();
  const dialog = page.getByRole('dialog', { name: 'connect Gemini CLI' });
  await dialog.getByRole('button', { name: 'Show the change' }).click();
  await expect(dialog.getByLabel('the change to the settings file')).toContainText('emit gemini AfterAgent');
  await dialog.getByRole('button', { name: 'Apply and connect' }).dblclick();
  await expect(item.getByText('connected', { exact: true })).toBeVisible();
  await expect(item.getByText('waiting for its first event')).toBeVisible();
  await panel.shot(page, 'settings-agents-gemini');
  await panel.emit('gemini', 'AfterAgent', { hook_event_name: 'AfterAgent', cwd: panel.env.workspace });
  await expect(item.getByText(/live · last event/)).toBeVisible();
});
