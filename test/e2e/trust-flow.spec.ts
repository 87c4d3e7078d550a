// The whole flow: a new workspace's project file is untrusted → a fired event shows a skipped
// dispatch and a review-needed notice → the file is trusted in Trust review → the event fires again
// and the dispatch appears live in History with its output.
import { join } from 'node:path';
import { REPO } from '../helpers/env.js';
import { expect, test } from './fixtures.js';

test('untrusted project hooks: skipped, reviewed, trusted, run', async ({ page, panel }) => {
  panel.env.write(
    'ws/.claude/settings.json',
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo project-hook-ran' }] }] } }),
  );
  await panel.goto(page);
  // The project file is inspected by default (Claude Code runs it); let Hookpanel run it instead.
  const projectFile = page.getByRole('article', { name: /ws\/\.claude\/settings\.json/ });
  await projectFile.getByRole('combobox', { name: /role of/ }).selectOption('hosted');
  await expect(projectFile.getByText('inspected', { exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: /Trust review/ }).click();
  const item = page.getByRole('article', { name: /review .*\.claude\/settings\.json/ });
  await expect(item.getByText('never trusted')).toBeVisible();

  await panel.emit('claude', 'Stop', {});
  await page.getByRole('button', { name: /notifications/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'notifications' }).getByText('Project hooks wait for your review'),
  ).toBeVisible();
  await panel.shot(page, 'notifications');
  await page
    .getByRole('dialog', { name: 'notifications' })
    .getByText('Project hooks wait for your review')
    .click();
  await expect(page.getByRole('heading', { name: 'Trust review' })).toBeVisible();
  await expect(
    item.getByRole('list', { name: 'command arguments' }).or(item.locator('code.chip')),
  ).toContainText(['echo project-hook-ran']);
  await panel.shot(page, 'trust-review');

  await page.getByRole('tab', { name: /History/ }).click();
  const skipped = page.getByRole('row').filter({ hasText: 'skipped' });
  await expect(skipped).toHaveCount(1);
  await skipped.click();
  await expect(page.getByLabel('dispatch detail')).toContainText(
    'untrusted: review and trust this project file',
  );

  await page.getByRole('tab', { name: /Trust review/ }).click();
  await item.getByRole('button', { name: 'Trust this version' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Trusted / })).toBeVisible();
  await expect(page.getByText('Nothing to review')).toBeVisible();

  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await panel.emit('claude', 'Stop', {});
  await expect(page.getByRole('row')).toHaveCount(4);
  // Hookpanel's own hooks/claude.json names its Stop hook the same, and the two finish in either order:
  // the project's is the one that printed its line.
  const ran = page.getByRole('row').filter({ hasText: 'ok' }).filter({ hasText: 'Stop[0].hooks[0]' });
  const stdout = page.getByLabel('dispatch detail').getByLabel('stdout');
  await expect(async () => {
    for (const row of await ran.all()) {
      await row.click();
      if ((await stdout.textContent())?.includes('project-hook-ran')) return;
    }
    throw new Error('no Stop dispatch printed project-hook-ran');
  }).toPass();

  // Revoking from the same view makes it inert again.
  await page.getByRole('tab', { name: /Trust review/ }).click();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(item.getByText('never trusted')).toBeVisible();
});

test("a project's MCP server: listed in Trust review with its command, started only once trusted", async ({
  page,
  panel,
}) => {
  const server = join(REPO, 'dist', 'test', 'helpers', 'mcp-stdio-server.js');
  panel.env.write(
    'ws/.mcp.json',
    JSON.stringify({ mcpServers: { policy: { command: process.execPath, args: [server] } } }, null, 2),
  );
  panel.env.write(
    '~/.config/pw/code.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'mcp_tool',
                server: 'policy',
                tool: 'answer',
                input: {
                  text: '{"decision":"block","reason":"policy server: ${payload.tool_name} is frozen"}',
                },
              },
            ],
          },
        ],
      },
    }),
  );
  await panel.goto(page);
  let r = await panel.emit('pw', 'PreToolUse', { tool_name: 'Edit' });
  expect(r.code).toBe(0);
  await page.getByRole('tab', { name: /Trust review/ }).click();
  const item = page.getByRole('article', { name: /review .*ws\/\.mcp\.json/ });
  await expect(item.getByText('mcpServers.policy')).toBeVisible();
  await expect(item.getByRole('list', { name: 'command arguments' }).getByRole('listitem')).toHaveText([
    process.execPath,
    server,
  ]);
  await panel.shot(page, 'trust-review-mcp');
  await item.getByRole('button', { name: 'Trust this version' }).click();
  await expect(page.getByText('Nothing to review')).toBeVisible();
  r = await panel.emit('pw', 'PreToolUse', { tool_name: 'Edit' });
  expect(r).toMatchObject({ code: 2, stderr: 'policy server: Edit is frozen\n' });
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('row').filter({ hasText: 'blocked' })).toHaveCount(1);
});
