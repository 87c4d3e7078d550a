// The workspace picked in the sidebar is still picked after a reload.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.js';

test('the sidebar workspace choice survives a reload', async ({ page, panel }) => {
  const other = panel.env.path('other-project');
  mkdirSync(other, { recursive: true });
  await panel.goto(page);
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByRole('textbox', { name: 'new workspace' }).fill(other);
  await page.getByRole('button', { name: 'Add workspace' }).click();
  // The choice is made once the new workspace is saved (a pick made before it can be overwritten by it).
  await expect(page.getByRole('status').filter({ hasText: `Added ${other}.` })).toBeVisible();
  const picker = page.getByLabel('Workspace', { exact: true });
  await picker.selectOption(other);
  await expect(picker).toHaveValue(other);
  await page.reload();
  await expect(page.getByLabel('Workspace', { exact: true })).toHaveValue(other);
});

// The view is keyed by the workspace: shown before the first workspace was known, it was mounted again
// when the host's answer came (loading everything twice), and what the person had typed or opened in it
// was gone. The host's answer to host:info is held here, everything else passing through, to make
// that moment long.
test('the view waits for the workspace, so what is done in it is not undone by its arrival', async ({
  page,
  panel,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let infoAsked = false;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const info = new Set<number>();
    ws.onMessage((m) => {
      const { id, channel } = JSON.parse(String(m)) as { id: number; channel: string };
      if (channel === 'host:info') {
        info.add(id);
        infoAsked = true;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (typeof id === 'number' && info.has(id)) void held.then(() => ws.send(m));
      else ws.send(m);
    });
  });
  await panel.goto(page);
  await expect.poll(() => infoAsked).toBe(true);
  const search = page.getByLabel('search rules');
  await expect(page.getByRole('tabpanel')).toContainText('Loading…');
  await expect(search).toHaveCount(0);
  release();
  await search.fill('stop-guard');
  const sidebar = page.getByRole('navigation', { name: 'views' });
  await expect(sidebar.getByRole('code')).toHaveText(panel.env.workspace);
  // The sources listed for that workspace (the Problems count) leave the view as it is too.
  await expect(page.getByRole('tab', { name: /Problems \d/ })).toBeVisible();
  await expect(search).toHaveValue('stop-guard');
});

// Adding a workspace makes the host tell the panel to read the hook files again: that read, of the
// workspace shown, can be answered after the read of a workspace picked meanwhile (the host answers a
// workspace it has cached sooner). Here its answer is held until the pick's own answer has been sent
// to the page, then let through.
test('a read of the workspace before the pick, answered late, does not undo the pick', async ({
  page,
  panel,
}) => {
  const other = panel.env.path('other-project');
  mkdirSync(other, { recursive: true });
  await panel.goto(page);
  const sidebar = page.getByRole('navigation', { name: 'views' });
  await expect(sidebar.getByRole('code')).toHaveText(panel.env.workspace);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  let heldAsked = false;
  let pickAnswered = false;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    const heldIds = new Set<number>();
    const pickIds = new Set<number>();
    ws.onMessage((m) => {
      const { id, channel, payload } = JSON.parse(String(m)) as {
        id: number;
        channel: string;
        payload?: { workspace?: string | null };
      };
      if (holding && channel === 'sources:list') {
        if (payload?.workspace === other) pickIds.add(id);
        else if (!heldAsked && payload?.workspace === panel.env.workspace) {
          heldIds.add(id);
          heldAsked = true;
        }
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const { id } = JSON.parse(String(m)) as { id?: number };
      if (typeof id === 'number' && heldIds.has(id)) return void held.then(() => ws.send(m));
      ws.send(m);
      if (typeof id === 'number' && pickIds.has(id)) pickAnswered = true;
    });
  });
  await page.reload();
  await expect(sidebar.getByRole('code')).toHaveText(panel.env.workspace);
  holding = true;
  await page.getByRole('tab', { name: /Settings/ }).click();
  await page.getByRole('textbox', { name: 'new workspace' }).fill(other);
  await page.getByRole('button', { name: 'Add workspace' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${other}.` })).toBeVisible();
  await expect.poll(() => heldAsked).toBe(true);
  const picker = page.getByLabel('Workspace', { exact: true });
  await picker.selectOption(other);
  await expect.poll(() => pickAnswered).toBe(true);

  // The late answer, then a read asked after it (History's), answered after it on the same socket.
  release();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No events yet');
  await expect(picker).toHaveValue(other);
});
