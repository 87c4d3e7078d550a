import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startResident } from '../../host/intake/resident.js';
import { startPanelSession } from '../../host/panel/session.js';
import { startWebPanel, type WebPanel } from '../../host/panel/web-server.js';
import { hostEnvFromProcess } from '../../host/paths.js';
import { HookHost } from '../../host/service.js';
import { UsageError } from '../output.js';

export const RENDERER_DIR = fileURLToPath(new URL('../../../renderer', import.meta.url));

/** Runs the host (the intake socket agents emit to) and the panel in a browser, until interrupted. */
/** `hookpanel serve [--port N] [--open] [--project DIR]`, filled from its entry in definitions.ts. */
export interface ServeInput {
  port?: string;
  open?: boolean;
  project?: string;
}

export async function serve(values: ServeInput): Promise<number> {
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port must be a port number (0 picks a free one)');
  const host = await HookHost.open(hostEnvFromProcess());
  if (host.settingsProblem) process.stderr.write(`hookpanel: settings ignored: ${host.settingsProblem}\n`);
  // Jobs whose owner died are retried in the background, now and while serving.
  const started = await startResident(host, {
    info: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`hookpanel: ${line}\n`),
  });
  if (started.kind === 'host-running') {
    // One host per home (claim.ts): said in one line, the first host left as it was.
    process.stderr.write(`hookpanel serve: ${started.message}\n`);
    await host.close();
    return 1;
  }
  const { resident } = started;
  let web: WebPanel | null = null;
  const session = startPanelSession(host, {
    mode: 'browser',
    workspace: values.project ?? process.cwd(),
    push: (event, payload) => web?.push(event, payload),
    listening: () => web?.listening() ?? false,
  });
  web = await startWebPanel(session.api, { rendererDir: RENDERER_DIR, port });
  process.stdout.write(`Hookpanel host listening on ${host.paths.socket}\nPanel: ${web.url}\n`);
  if (values.open) openBrowser(web.url);
  // Reads move off the main thread; a JSON-lines history from before the database is imported once.
  let tenth = -1;
  host.history.on('import', (p) => {
    const pct = p.bytesTotal ? Math.floor((100 * p.bytesDone) / p.bytesTotal) : 100;
    if (p.state === 'importing' && Math.floor(pct / 10) === tenth) return;
    tenth = Math.floor(pct / 10);
    process.stdout.write(`History: ${p.message}${p.state === 'importing' ? `: ${pct}%` : ''}\n`);
  });
  void host.history.start().catch((e: Error) => process.stderr.write(`hookpanel: history: ${e.message}\n`));
  // `on`, not `once`: signal-exit (proper-lockfile's, execa's) sends the signal again to end the process
  // when it finds no other listener, and a `once` listener is removed before it looks.
  await new Promise<void>((resolve) => {
    process.on('SIGINT', () => resolve());
    process.on('SIGTERM', () => resolve());
  });
  // Shutdown is bounded: background hooks get their grace, then whatever is left is ended.
  const hardStop = setTimeout(() => process.exit(0), 10_000);
  hardStop.unref();
  resident.close();
  await web.close();
  await session.close();
  await host.close();
  // Everything is closed and recorded; detached hooks run on their own. Nothing else may keep us.
  process.exit(0);
}

function openBrowser(url: string): void {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`hookpanel: could not open a browser; open ${url}\n`));
  child.unref();
}
