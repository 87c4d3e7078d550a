import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shot-rules.png' });
await page
  .getByRole('button', { name: /rule PreToolUse\[0\]\.hooks\[1\]/ })
  .first()
  .click()
  .catch((e) => console.log('click fail', e.message));
await page.waitForTimeout(300);
await page.screenshot({ path: '/tmp/shot-rules2.png' });
for (const [name, file] of [
  ['Problems', 'problems'],
  ['History', 'history'],
  ['Test fire', 'fire'],
  ['Trust review', 'review'],
  ['Settings', 'settings'],
]) {
  await page.getByRole('tab', { name: new RegExp(name) }).click();
  await page.waitForTimeout(800);
  if (file === 'history') {
    await page
      .getByRole('row')
      .first()
      .click()
      .catch(() => {});
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `/tmp/shot-${file}.png`, fullPage: false });
}
await browser.close();
