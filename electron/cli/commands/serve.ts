import { parseArgs } from 'node:util';
import { listenIntake } from '../../host/intake/server.js';
import { hostEnvFromProcess } from '../../host/paths.js';
import { HookHost } from '../../host/service.js';

/** Runs the host: the intake socket agents emit to, until interrupted. */
export async function serve(argv: string[]): Promise<number> {
  parseArgs({ args: argv, options: { port: { type: 'string' }, open: { type: 'boolean' } } });
  const host = await HookHost.open(hostEnvFromProcess());
  if (host.settingsProblem) process.stderr.write(`hookpanel: settings ignored: ${host.settingsProblem}\n`);
  const server = await listenIntake(host);
  process.stdout.write(`Hookpanel host listening on ${host.paths.socket}\n`);
  // Jobs a crash left pending are retried in the background: events are served meanwhile.
  void host.recoverOutbox().then(
    (r) => process.stdout.write(`Outbox: retried ${r.retried.length} pending job(s), gave up on ${r.givenUp.length}.\n`),
    (e: Error) => process.stderr.write(`hookpanel: outbox recovery failed: ${e.message}\n`),
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  server.close();
  await host.close();
  return 0;
}
