// Reviews waiting in every known workspace, not only the one picked in the sidebar: adding a workspace
// in Settings counts its waiting project files in the Trust review badge, lists them by workspace in
// Trust review, and fires the "Project hooks wait for review" notice.
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(colorScheme, () => {
    test.use({ viewport: { width: 1024, height: 700 }, colorScheme });

    test('a workspace added in Settings: its reviews counted, listed by workspace, and a notice', async ({
      page,
      panel,
    }) => {
      const other = panel.env.path('other');
      panel.env.write(
        'other/.agents/settings.json',
        JSON.stringify({
          hooks: { Stop: [{ hooks: [{ type: 'command', command: 'bash scripts/fmt.sh' }] }] },
        }),
      );
      panel.env.write('other/scripts/fmt.sh', 'echo formatted\n');
      await panel.goto(page);
      const reviewTab = page.getByRole('tab', { name: /Trust review/ });
      await expect(reviewTab).toHaveAccessibleName('Trust review');
      const bell = page.getByRole('button', { name: /^notifications/ });
      await expect(bell).toHaveAccessibleName('notifications');

      await page.getByRole('tab', { name: /Settings/ }).click();
      await page.getByRole('textbox', { name: 'new workspace' }).fill(other);
      await page.getByRole('button', { name: 'Add workspace' }).click();

      await expect(reviewTab).toHaveAccessibleName(
        'Trust review 1 (1 project file to review (in 1 workspace))',
      );
      await expect(bell).toHaveAccessibleName('notifications, 1 new');
      await bell.click();
      const list = page.getByRole('dialog', { name: 'notifications' });
      await expect(list).toContainText('Project hooks wait for your review');
      await expect(list).toContainText('1 file in other: settings.json');
      await page.keyboard.press('Escape');

      await reviewTab.click();
      await expect(page.getByText('Nothing to review in this workspace')).toBeVisible();
      const elsewhere = page.getByRole('region', { name: 'waiting in other workspaces' });
      await expect(elsewhere).toContainText(`${other}: 1 project file (.agents/settings.json)`);
      await panel.shot(page, `review-other-workspaces-${colorScheme}`);
      expect(await axeViolations(page, { include: '.waiting-elsewhere', everyImpact: true })).toEqual([]);

      await elsewhere.getByRole('button', { name: `Review them in ${other}` }).click();
      const item = page.getByRole('article', { name: /review .*other\/\.agents\/settings\.json/ });
      await expect(item.getByRole('heading', { name: 'Scripts it runs' })).toBeVisible();
      await expect(page.locator('#workspace')).toHaveValue(other);
    });
  });
}
