// Tray icons drawn at run time: a filled circle whose colour is the tray state, at 16/32 px.
import type { TrayState } from '../host/panel/tray.js';

export const STATE_COLOURS: Record<TrayState, [number, number, number]> = {
  waiting: [59, 91, 219],
  clear: [47, 158, 68],
  failing: [224, 49, 49],
  review: [245, 159, 0],
  paused: [134, 142, 150],
};

/** BGRA pixels (nativeImage.createFromBitmap's order) of an anti-aliased disc. */
export function discBitmap(size: number, [r, g, b]: [number, number, number]): Buffer {
  const buf = Buffer.alloc(size * size * 4);
  const c = (size - 1) / 2;
  const radius = size / 2 - 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const alpha = Math.max(0, Math.min(1, radius - d + 0.5));
      const i = (y * size + x) * 4;
      buf[i] = b;
      buf[i + 1] = g;
      buf[i + 2] = r;
      buf[i + 3] = Math.round(alpha * 255);
    }
  }
  return buf;
}
