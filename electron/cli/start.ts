// `npm start`: the desktop app, or, where no Electron binary can be had, the same panel in a browser.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '..', 'app', 'main.js');

function electronBinary(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('electron/package.json');
    const pathFile = join(dirname(pkg), 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(dirname(pkg), 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const bin = electronBinary();
const args = bin
  ? [main, ...process.argv.slice(2)]
  : [join(here, 'main.js'), 'serve', '--open', ...process.argv.slice(2)];
if (!bin)
  process.stdout.write(
    'hookpanel: no Electron binary is installed (where it can be downloaded: npm install-scripts approve electron && npm rebuild electron), so the panel opens in your browser instead.\n',
  );
const child = spawn(bin ?? process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
