// Writes the application icons electron-builder packages (`npm run icons`): PNGs at every size the
// platforms ask for. Tray icons are drawn at run time (icons.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appIconRgba, encodePng } from './png.js';

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

export function writeIcons(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return ICON_SIZES.map((size) => {
    const path = join(dir, `${size}x${size}.png`);
    writeFileSync(path, encodePng(size, size, appIconRgba(size)));
    return path;
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const dir = process.argv[2] ?? 'electron/app/build/icons';
  for (const p of writeIcons(dir)) process.stdout.write(`${p}\n`);
}
