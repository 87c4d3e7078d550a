// Settings → Machines against a real OpenSSH server (test/helpers/sshd.ts) and the real client: Add
// shows what it installs there and where before anything is written, then installs it and the machine
// shows as connected; its choice for when this computer is unreachable is stated and changed; sshd
// going down shows "reconnecting" with the reason in words, and it comes back; Remove says what it
// takes back and leaves nothing there. A hosted rule chosen for one machine runs only for it, and the
// machine's name is on its rule runs, in History's filter and on its permission request's card.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { sshdMissing, startSshd, type TestSshd } from '../helpers/sshd.js';
import { axeViolations } from './axe.js';
import { askMeSaved, expect, test } from './fixtures.js';

const missing = sshdMissing();
let root = '';
let sshd: TestSshd | null = null;

// The folder is made by the worker that runs these tests, in beforeAll: Playwright also loads this
// file in its runner and in workers that run none of it, whose afterAll never comes. A fixture reads
// `root` when the test starts; Playwright wants its first argument destructured, here to nothing.
// eslint-disable-next-line no-empty-pattern
test.use({ panelEnv: async ({}, use) => use({ HOOKPANEL_SSH_CONFIG: join(root, 'sshd', 'ssh_config') }) });

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hookpanel-machines-'));
  if (!missing) sshd = await startSshd(root);
});
test.afterAll(async () => {
  await sshd?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

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
  expect(await axeViolations(page, { include: '#settings-machines' })).toEqual([]);

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
  // The update's own outcome: only then is the file there rewritten (the plan's dialog, in the same
  // machine's item, says the new choice in the same words before anything is done).
  await expect(machine.getByRole('status').filter({ hasText: `Updated on ${target}.` })).toBeVisible();
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
  expect(await axeViolations(page, { include: '#settings-machines' })).toEqual([]);
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

test("a hosted rule chosen for one machine: Runs for in Rules, the machine's name on rule runs, History's machine filter, and its request's card", async ({
  page,
  panel,
}) => {
  test.skip(!!missing, missing ?? '');
  // A deadline for a hang: an ssh login, a connection and several CLI runs on two busy cores.
  test.slow();
  if (!sshd) throw new Error('sshd did not start');
  const target = sshd.target;
  const bridge = join(sshd.remoteHome, '.hookpanel-remote', 'bin', 'hookpanel-hook');
  const hosted = join(panel.env.hookpanelHome, 'hooks', 'claude.json');
  const settingsFile = join(panel.env.hookpanelHome, 'settings.json');
  const added = await runCli(['remote', 'add', target], { env: panel.env.processEnv, timeoutMs: 60_000 });
  expect(added.code, added.stderr).toBe(0);
  // The host's connection to the machine, which its bridge calls below go through: until it is up, the
  // bridge answers "no decision" at once (docs/remote.md), and nothing would be blocked.
  const connection = join(panel.env.hookpanelHome, 'run', 'remote-state.json');
  const machineState = () =>
    existsSync(connection)
      ? (JSON.parse(readFileSync(connection, 'utf8')) as { machines: Record<string, { state: string }> })
          .machines[target]?.state
      : undefined;
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.goto(page);

  // Rules → the hosted "no rm -rf" rule → Runs for: everywhere until chosen.
  await page.getByRole('tab', { name: /Rules/ }).click();
  const source = page.getByRole('article', { name: `source ${hosted}` });
  await source.getByRole('button', { name: /^rule grep -q "rm -rf"/ }).click();
  const detail = page.getByRole('complementary', { name: 'rule detail' });
  const where = detail.getByRole('group', { name: /^where .* runs$/ });
  await expect(where.getByRole('radio', { name: /^Everywhere/ })).toBeChecked();
  await expect(where).toContainText(
    'While this computer cannot be reached, its agents go on as if Hookpanel were not there',
  );
  await where.getByRole('radio', { name: 'Only where chosen:' }).check();
  await where.getByRole('checkbox', { name: target }).check();
  await where.getByRole('checkbox', { name: 'This computer' }).uncheck();
  await expect(where.getByRole('checkbox', { name: 'This computer' })).not.toBeChecked();
  await expect
    .poll(() =>
      existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')).ruleMachines : null,
    )
    .toEqual({ [`${hosted}#PreToolUse[0].hooks[0]`]: { thisComputer: false, machines: [target] } });
  await expect(source.getByRole('button', { name: /^rule grep -q "rm -rf"/ })).toContainText(
    `${target} only`,
  );
  // None at all is refused in words: the rule would run nowhere.
  await where.getByRole('checkbox', { name: target }).click();
  await expect(where.getByRole('alert')).toContainText('Choose at least one place');
  await expect(where.getByRole('checkbox', { name: target })).toBeChecked();
  await detail.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await panel.shot(page, 'rules-runs-for-1280x800');
  expect(await axeViolations(page, { include: 'aside[aria-label="rule detail"]' })).toEqual([]);

  // The machine's call is blocked; this computer's same call is not, its run skipped with why.
  const rm = (cwd: string) => ({
    session_id: 'placed',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf build' },
  });
  await expect.poll(machineState, { timeout: 60_000 }).toBe('connected');
  const remote = await sshd.run(`${bridge} claude PreToolUse`, JSON.stringify(rm('/srv/app')));
  expect(remote.code, remote.stderr).toBe(2);
  expect(remote.stderr).toContain('no rm -rf here');
  const local = await panel.emit('claude', 'PreToolUse', rm(panel.env.workspace));
  expect(local.code, local.stderr).toBe(0);

  // History's rule runs: the machine's name on its rows; filtered by machine, then this computer.
  await page.getByRole('tab', { name: /History/ }).click();
  await page.getByRole('group', { name: 'show' }).getByRole('button', { name: 'Rule runs' }).click();
  const blocked = page.getByRole('row').filter({ hasText: 'blocked' }).filter({ hasText: 'rm -rf build' });
  await expect(blocked.first()).toContainText(`Claude Code · PreToolUse`);
  await expect(blocked.first().getByText(`on ${target}`, { exact: true })).toBeVisible();
  const machineFilter = page.getByRole('combobox', { name: 'machine' });
  await machineFilter.selectOption(target);
  await expect(
    page.getByRole('row').filter({ hasText: 'skipped' }).filter({ hasText: 'rm -rf build' }),
  ).toHaveCount(0);
  await expect(blocked.first()).toBeVisible();
  await panel.shot(page, 'history-rule-runs-machine-1280x800');
  await machineFilter.selectOption('This computer');
  const skipped = page.getByRole('row').filter({ hasText: 'skipped' }).filter({ hasText: 'rm -rf build' });
  await expect(skipped.first()).toBeVisible();
  await expect(blocked).toHaveCount(0);
  await skipped.first().click();
  await expect(page.getByLabel('dispatch detail')).toContainText(
    `not for this computer: this rule runs on ${target} only`,
  );

  // Ask me: a request from the machine says where it comes from; no "Always allow" for it.
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByLabel(/Ask me: Claude Code's permission requests/).check();
  await askMeSaved(panel, 'claude');
  const request = {
    session_id: 'asked',
    cwd: '/srv/app',
    hook_event_name: 'PermissionRequest',
    tool_name: 'Bash',
    tool_input: { command: 'git push origin main' },
    permission_mode: 'default',
  };
  const held = sshd.run(`${bridge} claude PermissionRequest`, JSON.stringify(request));
  const card = page.getByRole('article', { name: `Claude Code on ${target} asks to use Bash` });
  await expect(card).toContainText('git push origin main');
  await expect(card.getByRole('button', { name: /Always allow/ })).toHaveCount(0);
  await expect(card).toContainText(`the rule would go in the agent's settings on ${target}`);
  await expect(page.getByRole('status', { name: 'requests waiting for you' })).toContainText(
    `Claude Code on ${target} asks to use Bash: git push origin main`,
  );
  await card.scrollIntoViewIfNeeded();
  await panel.shot(page, 'ask-me-machine-card-1280x800');
  await card.getByRole('button', { name: 'Allow' }).click();
  const answered = await held;
  expect(answered.code, answered.stderr).toBe(0);
  expect(JSON.parse(answered.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  expect(
    (await runCli(['remote', 'remove', target], { env: panel.env.processEnv, timeoutMs: 60_000 })).code,
  ).toBe(0);
});
