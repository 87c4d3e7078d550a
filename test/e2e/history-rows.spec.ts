// History says what happened without a click: each row names the tool and its
// command or file, or the prompt's first words; the agent's name is whole at 1024 px; a search says how
// many events match and marks the words; rule runs are named so two rules with alike commands differ.
import { axeViolations } from './axe.js';
import { expect, historyRows, openHistory, test } from './fixtures.js';

// The widest clock times ("10:05:57 PM") are the hours 10 to 12: show this page's times in a zone where
// it is 10 o'clock now, so the columns are tested at their widest whatever hour CI runs.
const hoursAhead = (((22 - new Date().getUTCHours()) % 24) + 24) % 24;
const ahead = hoursAhead > 14 ? hoursAhead - 12 : hoursAhead;
test.use({ timezoneId: ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${ahead}` });

test('rows name the tool and its command, file or prompt; search counts and marks matches', async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await panel.emit('claude', 'UserPromptSubmit', { prompt: 'please clean the build folder' });
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
  await panel.emit('claude', 'PreToolUse', {
    tool_name: 'Write',
    tool_input: { file_path: '/src/app/main.ts', content: 'x' },
  });
  await openHistory(page, 'Events');
  await expect(historyRows(page)).toHaveCount(3);
  const bash = historyRows(page).filter({ hasText: 'rm -rf build' });
  await expect(bash).toContainText('Bash');
  await expect(bash).toContainText('blocked');
  await expect(historyRows(page).filter({ hasText: '/src/app/main.ts' })).toContainText('Write');
  await expect(historyRows(page).filter({ hasText: 'please clean the build folder' })).toContainText(
    'UserPromptSubmit',
  );
  // The agent and event line is whole at 1024 px: not cut to "Claude Co…".
  for (const line of await page.locator('.hrow .what .muted').all()) {
    await expect(line).toContainText('Claude Code ·');
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await panel.shot(page, 'history-rows-1024');
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.shot(page, 'history-rows-dark-1024');
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByLabel('search text').fill('build');
  await expect(page.getByRole('status', { name: 'matches' })).toHaveText('2 events match');
  await expect(historyRows(page)).toHaveCount(2);
  await expect(historyRows(page).locator('mark').first()).toHaveText(/build/i);
  await panel.shot(page, 'history-search-1024');
  expect(await axeViolations(page)).toEqual([]);
});

test('rule runs: two rules whose commands start alike are told apart by their ends and places', async ({
  page,
  panel,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  // Each rule takes over a second, as a busy machine makes any rule: its time must fit its column.
  const common =
    "sh -c 'sleep 1.2; cat >/dev/null; echo this part of the command is the same for both rules and then";
  panel.env.write(
    'hp/hooks/claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: `${common} first'` },
              { type: 'command', command: `${common} second'` },
            ],
          },
        ],
      },
    }),
  );
  await panel.goto(page);
  await panel.emit('claude', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
  await openHistory(page, 'Rule runs');
  await expect(historyRows(page)).toHaveCount(2);
  const names = await page.locator('.hrow .rule-name').allInnerTexts();
  expect(names).toHaveLength(2);
  expect(names[0]).not.toBe(names[1]);
  expect(names.join('\n')).toMatch(/first'/);
  expect(names.join('\n')).toMatch(/second'/);
  expect(names.join('\n')).toContain('PreToolUse[0].hooks[0] in claude.json');
  expect(names.join('\n')).toContain('PreToolUse[0].hooks[1] in claude.json');
  await expect(historyRows(page).first()).toContainText('Bash');
  for (const row of await historyRows(page).all()) await expect(row).toContainText(/\d\.\d\d s/);
  // Nothing that tells them apart is cut off by the column at 1024 px.
  for (const cell of await historyRows(page).getByRole('cell').all())
    expect(
      await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      `cell "${await cell.innerText()}" is cut off`,
    ).toBe(true);
  for (const part of await page.locator('.hrow .what > span').all())
    expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await panel.shot(page, 'history-rule-runs-1024');
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.shot(page, 'history-rule-runs-dark-1024');
  expect(await axeViolations(page)).toEqual([]);
});
