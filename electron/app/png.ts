// A minimal PNG encoder (RGBA, no filtering) for the generated application and tray icons.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The application icon: a rounded square with a hook-like stroke, in RGBA. */
export function appIconRgba(size: number): Buffer {
  const buf = Buffer.alloc(size * size * 4);
  const r = size * 0.2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = Math.max(r - x, 0, x - (size - 1 - r));
      const dy = Math.max(r - y, 0, y - (size - 1 - r));
      const inside = Math.hypot(dx, dy) <= r;
      const i = (y * size + x) * 4;
      if (!inside) continue;
      // The hook: a vertical bar and a half ring at the bottom.
      const u = x / size;
      const v = y / size;
      const ring = Math.abs(Math.hypot(u - 0.5, v - 0.6) - 0.18) < 0.055 && v > 0.6;
      const bar = Math.abs(u - 0.68) < 0.055 && v > 0.2 && v <= 0.62;
      const barb = Math.abs(u - 0.32) < 0.055 && v > 0.52 && v <= 0.62;
      const stroke = ring || bar || barb;
      buf[i] = stroke ? 255 : 59;
      buf[i + 1] = stroke ? 255 : 91;
      buf[i + 2] = stroke ? 255 : 219;
      buf[i + 3] = 255;
    }
  }
  return buf;
}
