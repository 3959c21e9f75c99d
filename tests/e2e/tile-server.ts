/**
 * A tiny map tile server for the end-to-end tests (MAP_TILE_URL), so maps draw without the
 * internet: 256x256 PNG tiles of a pale land colour with a street grid, tinted by the tile's x/y.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
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
/** A 256x256 RGB PNG: a pale land colour with a street grid, tinted by the tile's x/y. */
export function tilePng(x: number, y: number): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const tint = ((x * 31 + y * 17) % 5) * 4;
  for (let row = 0; row < size; row++) {
    const base = row * (size * 3 + 1);
    raw[base] = 0; // filter: none
    for (let col = 0; col < size; col++) {
      const street = row % 64 < 3 || col % 64 < 3;
      const major = row % 128 < 5 || col % 128 < 5;
      const [r, g, b] = major ? [255, 236, 179] : street ? [255, 255, 255] : [236 - tint, 232 - tint, 222 - tint];
      raw[base + 1 + col * 3] = r;
      raw[base + 2 + col * 3] = g;
      raw[base + 3 + col * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A tile server on 127.0.0.1 (`port` 0: any free one) for MAP_TILE_URL `${url}/{z}/{x}/{y}.png`; counts the tiles served. */
export async function startTileServer(port = 0): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' });
    res.end(tilePng(Number(m[2]), Number(m[3])));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${actual}`, hits: () => hits, close: () => new Promise((r) => server.close(() => r())) };
}
