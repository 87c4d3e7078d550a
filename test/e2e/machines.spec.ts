// Settings → Machines against a real OpenSSH server (test/helpers/sshd.ts) and the real client: Add
// shows what it installs there and where before anything is written, then installs it and the machine
// shows as connected; its choice for when this computer is unreachable is stated and changed; sshd
// going down shows "reconnecting" with the reason in words, and it comes back; Remove says what it
// takes back and leaves nothing there.
import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sshdMissing, startSshd, type TestSshd } from '../helpers/sshd.js';
import { expect, test } from './fixtures.js';

const missing = sshdMissing();
const root = mkdtempSync(join(tmpdir(), 'hookpanel-machines-'));
let sshd: TestSshd | null = null;

test.use({ panelEnv: { HOOKPANEL_SSH_CONFIG: join(root, 'sshd', 'ssh_config') } });

test.beforeAll(async () => {
  if (!missing) sshd = await startSshd(root);
});
test.afterAll(async () => {
  await sshd?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#settings-machines').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
}

test('Settings → Machines: add shows what it installs first, the state in words, remove takes it back', async ({
  page,
  panel,
}) => {
  test.skip(!!missing, missing ?? '');
  if (!sshd) throw new Error('sshd did not start');
  const target = sshd.target;
  const dir = join(sshd.remoteHome, '.hookpanel-remote');
  await page.setViewportSize({ width: 1024, height: 700 });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  const section = page.locator('#settings-machines');
  await expect(section).toContainText('No machines yet.');

  // Not user@host: said, and ssh never runs.
  await section.getByRole('button', { name: 'Add a machine…' }).click();
  const form = section.getByRole('form', { name: 'add a machine' });
  await form.getByRole('textbox').fill('-oProxyCommand=touch x');
  await form.getByRole('button', { name: 'Show what it installs there' }).click();
  await expect(form.getByRole('alert')).toContainText('is not user@host');

  await form.getByRole('textbox').fill(target);
  await expect(form.getByRole('radio', { name: /go on/ })).toBeChecked();
  await form.getByRole('button', { name: 'Show what it installs there' }).click();
  const plan = section.getByRole('dialog', { name: `add ${target}` });
  await expect(plan).toContainText(`Hookpanel will install on ${target}, in ${dir}`);
  await expect(plan.getByRole('list', { name: 'what it installs there' })).toContainText(
    "bin/hookpanel-hook: the bridge agents' hooks call",
  );
  await expect(plan).toContainText('curl is there');
  await expect(plan).toContainText('When this computer cannot be reached: its agents go on');
  expect(existsSync(dir), 'nothing is installed before the click').toBe(false);
  await plan.scrollIntoViewIfNeeded();
  await panel.shot(page, 'settings-machines-add-1024x700');
  await noSeriousViolations(page);

  await plan.getByRole('button', { name: `Install on ${target}` }).click();
  await expect(section.getByRole('status', { name: 'outcome' })).toContainText(`Installed on ${target}.`);
  const machine = section.getByRole('listitem', { name: `machine ${target}` });
  await expect(machine.getByRole('status')).toContainText('Connected since', { timeout: 60_000 });
  expect(readFileSync(join(dir, 'unreachable'), 'utf8')).toBe('go-on\n');
  await expect(machine).toContainText('Last event: none yet');

  // An event from the machine: its last event is said.
  const sent = await sshd.run(`${dir}/bin/hookpanel-hook claude Stop`, '{"session_id":"s1","cwd":"/srv"}');
  expect(sent.code, sent.stderr).toBe(0);
  await expect(machine).toContainText(/Last event: \d+ s ago/);

  // Its turn done in the notifications and in History, with the machine's name.
  await page.getByRole('button', { name: /^notifications/ }).click();
  const notices = page.getByRole('dialog', { name: 'notifications' });
  await expect(notices).toContainText('Claude Code finished a turn');
  await expect(notices).toContainText(`on ${target}`);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Events' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Stop' }).first()).toContainText(
    `Claude Code · Stop · on ${target}`,
  );
  await panel.shot(page, 'history-machine-1024x700');
  await page.getByRole('tab', { name: /Settings/ }).click();

  // The choice for when this computer is unreachable: stated, then changed through the same plan.
  await expect(machine).toContainText(
    'When this computer cannot be reached: its agents go on as if Hookpanel were not there',
  );
  await machine.getByRole('button', { name: 'Block tool calls while unreachable…' }).click();
  const update = machine.getByRole('dialog', { name: `add ${target}` });
  await expect(update).toContainText(`Hookpanel will update on ${target}`);
  await expect(update).toContainText('its tool calls are blocked until this computer answers again');
  await update.getByRole('button', { name: `Update ${target}` }).click();
  await expect(machine).toContainText(
    'When this computer cannot be reached: its tool calls are blocked until this computer answers again',
  );
  expect(readFileSync(join(dir, 'unreachable'), 'utf8')).toBe('block\n');

  // sshd down: reconnecting, the reason in words and ssh's own; back up: connected again.
  await page.setViewportSize({ width: 1400, height: 900 });
  await sshd.stop();
  await expect(machine.getByRole('status').first()).toContainText(
    'nothing answers on its SSH port: the machine or its SSH server is down',
    { timeout: 60_000 },
  );
  await expect(machine.getByRole('status').first()).toContainText('ssh said:');
  await machine.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await panel.shot(page, 'settings-machines-reconnecting-1400x900');
  await noSeriousViolations(page);
  await sshd.start();
  await expect(machine.getByRole('status').first()).toContainText('Connected since', { timeout: 90_000 });

  // Remove: what it takes back, then nothing of it is left there.
  await machine.getByRole('button', { name: 'Remove…' }).click();
  const removal = machine.getByRole('dialog', { name: `remove ${target}` });
  const taken = removal.getByRole('list', { name: 'what it takes back' });
  await expect(removal).toContainText(`takes back everything Hookpanel put there, in ${dir}:`);
  await expect(taken).toContainText('deletes bin/hookpanel-hook');
  await expect(taken).toContainText('deletes token');
  await expect(taken).toContainText(`removes the folders run/, bin/, ${dir} once they are empty`);
  await machine.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await panel.shot(page, 'settings-machines-remove-1400x900');
  expect(existsSync(dir)).toBe(true);
  await removal.getByRole('button', { name: `Remove from ${target}` }).click();
  await expect(section.getByRole('status', { name: 'outcome' })).toContainText(
    `Removed from ${target}; this computer no longer connects to it.`,
  );
  await expect(section).toContainText('No machines yet.');
  expect(existsSync(dir)).toBe(false);
});
