// Trust review of a Gemini CLI project file: the card says Gemini runs it in folders it trusts, shows
// Gemini's trust of this folder and each hook's fingerprint state, and Keep blocked switches the hooks
// off in Gemini itself where the person trusts the folder there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(colorScheme, () => {
    test.use({ colorScheme, viewport: { width: 1024, height: 700 } });

    test("the review shows Gemini's folder trust and fingerprints; Keep blocked switches the hooks off in Gemini", async ({
      page,
      panel,
    }) => {
      const { env } = panel;
      env.write('ws/.gemini/hooks/mark.sh', 'echo ran >> /tmp/marker\n');
      env.write(
        'ws/.gemini/settings.json',
        JSON.stringify(
          {
            hooks: {
              BeforeAgent: [
                {
                  hooks: [
                    {
                      type: 'command',
                      name: 'mark',
                      command: 'bash $GEMINI_PROJECT_DIR/.gemini/hooks/mark.sh',
                    },
                    { type: 'command', command: 'npm run lint' },
                  ],
                },
              ],
            },
          },
          null,
          2,
        ),
      );
      const folders = env.write(
        '~/.gemini/trustedFolders.json',
        JSON.stringify({ [env.workspace]: 'TRUST_FOLDER' }),
      );
      env.write('~/.gemini/trusted_hooks.json', JSON.stringify({ [env.workspace]: [':npm run lint'] }));
      const user = env.write('~/.gemini/settings.json', '{\n  // mine\n  "ui": { "theme": "Default" }\n}\n');
      await panel.goto(page);
      await page.getByRole('tab', { name: /Trust review/ }).click();
      const item = page.getByRole('article', { name: /review .*\.gemini\/settings\.json/ });
      await expect(item.getByText('never trusted', { exact: true })).toBeVisible();
      const who = item.getByRole('region', { name: 'who runs it' });
      await expect(who).toContainText("Gemini CLI runs this file's hooks itself, in folders it trusts");
      await expect(who).toContainText('Trusting it here trusts the folder in Gemini CLI');
      const now = who.getByRole('note', { name: 'Gemini CLI now' });
      await expect(now).toContainText(
        `Gemini CLI trusts this folder: ${folders} marks ${env.workspace} TRUST_FOLDER`,
      );
      await expect(now).toContainText('mark Gemini CLI will run this here');
      await expect(now).toContainText(
        'Fingerprint mark:bash $GEMINI_PROJECT_DIR/.gemini/hooks/mark.sh: not recorded by Gemini CLI yet',
      );
      await expect(now).toContainText(
        'Fingerprint :npm run lint: Gemini CLI has recorded it for this folder',
      );
      await expect(item.getByRole('heading', { name: 'Scripts it runs' })).toBeVisible();
      await now.scrollIntoViewIfNeeded();
      await panel.shot(page, `${colorScheme === 'dark' ? 'dark-' : ''}trust-review-gemini`);
      expect(await axeViolations(page)).toEqual([]);

      await item.getByRole('button', { name: 'Keep blocked' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Gemini CLI still trusts' })).toContainText(
        "so Hookpanel switched this file's hooks off in Gemini: `mark`, `npm run lint` added to hooksConfig.disabled",
      );
      expect(readFileSync(user, 'utf8')).toBe(
        '{\n  // mine\n  "ui": { "theme": "Default" },\n  "hooksConfig": {\n    "disabled": [\n      "mark",\n      "npm run lint"\n    ]\n  }\n}\n',
      );
      expect(existsSync(join(env.home, '.gemini', 'trustedFolders.json'))).toBe(true);
    });
  });
