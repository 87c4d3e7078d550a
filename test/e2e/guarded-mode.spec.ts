// Claude Code's guarded mode from Settings → Agents: the switch shows the exact file
// and its text before writing, writes it on the click, and Trust review then says Hookpanel runs the
// Claude Code project file, only once trusted; off removes exactly that file. The fixture points the
// managed folder at a temporary one (HOOKPANEL_TEST_CLAUDE_MANAGED_DIR): the real /etc is never touched.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(colorScheme, () => {
    test.use({ colorScheme, viewport: { width: 1024, height: 700 } });

    test('the switch shows the file first, writes it, and the review says Hookpanel runs the file', async ({
      page,
      panel,
    }) => {
      const dark = colorScheme === 'dark' ? 'dark-' : '';
      const managed = panel.env.processEnv.HOOKPANEL_TEST_CLAUDE_MANAGED_DIR!;
      const dropIn = join(managed, 'managed-settings.d', 'hookpanel.json');
      panel.env.write(
        'ws/.claude/settings.json',
        JSON.stringify({
          hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'npm run lint' }] }] },
        }),
      );
      await panel.goto(page);
      await page.getByRole('tab', { name: /Settings/ }).click();
      const agent = page.getByRole('listitem', { name: 'agent Claude Code' });
      const toggle = agent.getByRole('switch', { name: 'Guarded mode: off' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(agent).toContainText('Claude Code runs its own hooks itself');
      await toggle.click();

      const dialog = agent.getByRole('dialog', { name: 'turn on guarded mode' });
      await expect(dialog).toContainText(`Turning guarded mode on writes one file, ${dropIn}:`);
      await expect(dialog).toContainText(
        "Claude Code then runs none of its own hooks: not yours, not a project's.",
      );
      await expect(dialog.getByLabel("the file's text")).toContainText('"allowManagedHooksOnly": true');
      expect(existsSync(dropIn), 'nothing is written before the click').toBe(false);
      await dialog.scrollIntoViewIfNeeded();
      await panel.shot(page, `${dark}settings-guarded-mode`);
      expect(await axeViolations(page)).toEqual([]);
      const shown = await dialog.getByLabel("the file's text").textContent();
      await dialog.getByRole('button', { name: 'Write the file and turn on' }).click();
      await expect(agent.getByRole('status')).toContainText('Guarded mode is on.');
      await expect(agent.getByRole('switch', { name: 'Guarded mode: on' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      expect(readFileSync(dropIn, 'utf8'), 'what was shown is what was written').toBe(shown);
      // Claude Code's own settings are not connected, yet every event now comes through the drop-in.
      await expect(agent).toContainText('guarded: every event comes to Hookpanel');
      await expect(agent).toContainText('there is nothing to connect while it is on');
      await expect(agent).not.toContainText('not connected');
      await expect(agent.getByRole('button', { name: 'Connect…' })).toHaveCount(0);
      await agent.scrollIntoViewIfNeeded();
      await panel.shot(page, `${dark}settings-claude-guarded`);

      await page.getByRole('tab', { name: /Trust review/ }).click();
      const item = page.getByRole('article', { name: /review .*\.claude\/settings\.json/ });
      const who = item.getByRole('region', { name: 'who runs it' });
      await expect(who).toContainText(
        "Claude Code is in guarded mode: it runs none of this file's hooks itself.",
      );
      await expect(who).toContainText('Trusting it here lets Hookpanel run them for Claude Code');
      await expect(item.getByRole('button', { name: 'Trust this version' })).toBeVisible();
      await who.scrollIntoViewIfNeeded();
      await panel.shot(page, `${dark}trust-review-claude-guarded`);

      await page.getByRole('tab', { name: /Settings/ }).click();
      await agent.getByRole('switch', { name: 'Guarded mode: on' }).click();
      const off = agent.getByRole('dialog', { name: 'turn off guarded mode' });
      await expect(off).toContainText(`Turning guarded mode off removes ${dropIn}`);
      await off.getByRole('button', { name: 'Remove the file and turn off' }).click();
      await expect(agent.getByRole('switch', { name: 'Guarded mode: off' })).toBeVisible();
      await expect(agent.getByRole('button', { name: 'Connect…' })).toBeVisible();
      expect(existsSync(managed), 'off took back the folders on created').toBe(false);
    });
  });
