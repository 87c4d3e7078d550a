// `npm run bench -- reliability`: a hostile page at length against a real `hookpanel serve`. Rounds of
// every probe of the web tests plus fast-check-generated request targets; counts requests, leaks (the
// page without the token, a file outside the renderer), crashes (the process gone or not answering),
// and the time a refused probe costs against a tokened page load.
import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { makeEnv } from '../helpers/env.js';
import { ask, get, multibyteToken, PAGE_SPELLINGS, TRAVERSALS, wsConnect } from '../reliability/web-kit.js';
import { CLI } from './cli.js';
import { measure, report } from './measure.js';

const ROUNDS = Number(process.env.HOOKPANEL_WEB_ROUNDS ?? 20);
const SEED = Number(process.env.HOOKPANEL_FUZZ_SEED ?? Date.now() % 2 ** 31);

const piece = fc.constantFrom(
  '/',
  '//',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%5c',
  '\\',
  '%00',
  '%25',
  '%252e',
  '%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  'index.html',
  'INDEX.HTML',
  '%69ndex.html',
  'assets',
  ';',
  '?',
  '#',
  '?token=',
  '&token=x',
  '%u002e',
  '．',
);
const target = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => `/${p.join('')}`);

export default async function benchReliabilityWeb(): Promise<void> {
  console.log(`\nReliability: hostile requests against hookpanel serve, ${ROUNDS} rounds, seed ${SEED}`);
  const env = makeEnv();
  env.write('secret.txt', 'SECRET-BESIDE-HOME');
  const child = spawn(process.execPath, [CLI, 'serve'], { env: env.processEnv, cwd: env.workspace });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const panel = await new Promise<URL>((resolve, reject) => {
    const check = () => {
      const m = /Panel: (\S+)/.exec(out);
      if (m) resolve(new URL(m[1]!));
    };
    child.stdout.on('data', check);
    child.once('exit', () => reject(new Error(`serve exited: ${out}`)));
  });
  const port = Number(panel.port);
  const token = panel.searchParams.get('token')!;
  const page = (await get(port, `/?token=${token}`)).body;
  const marker = page.slice(0, 200);
  let requests = 0;
  let leaks = 0;
  const leak = (body: string) => {
    if ((marker && body.includes(marker)) || body.includes('SECRET-BESIDE-HOME')) leaks++;
  };
  const t0 = performance.now();
  try {
    const generated = fc.sample(target, { seed: SEED, numRuns: ROUNDS * 50 });
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of [...PAGE_SPELLINGS, ...TRAVERSALS, ...generated.slice(round * 50, round * 50 + 50)]) {
        for (const method of ['GET', 'HEAD']) {
          requests++;
          leak((await get(port, t, {}, method)).body);
        }
      }
      const bad = encodeURIComponent(multibyteToken(token));
      for (const origin of [panel.origin, 'http://evil.example']) {
        requests++;
        await wsConnect(`ws://127.0.0.1:${port}/ws?token=${bad}`, origin).then(
          (ws) => (leaks++, ws.close()),
          () => {},
        );
      }
      requests++;
      leak((await get(port, `/?token=${bad}`)).body);
      const ws = await wsConnect(`ws://127.0.0.1:${port}/ws?token=${token}`, panel.origin);
      for (const frame of ['not json', 'null', '[]', '{"channel":"__proto__"}', `${'['.repeat(100_000)}`]) {
        requests++;
        await ask(ws, frame);
      }
      requests++;
      await ask(ws, Buffer.alloc(9 * 1024 * 1024, 0x20));
    }
  } finally {
    const seconds = (performance.now() - t0) / 1000;
    const alive = child.exitCode === null && (await get(port, `/?token=${token}`)).status === 200;
    console.log(
      `  ${requests} hostile requests in ${seconds.toFixed(1)} s: ${leaks} leaks, ${alive ? 0 : 1} crashes (serve ${alive ? 'still answers' : 'is gone'})`,
    );
    if (leaks || !alive) process.exitCode = 1;
    const refused = await measure('tokened page', () => get(port, '/%69ndex.html'), { runs: 31 });
    const served = await measure('tokened page', () => get(port, `/?token=${token}`), { runs: 31 });
    report('  a refused probe (/%69ndex.html, no token)', { ...refused, name: 'refused' }, served);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await env.cleanup();
  }
}
