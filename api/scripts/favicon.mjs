// Draws the portal's favicon from one set of shapes: `public/favicon.svg` and `public/favicon.ico`
// (PNG images of 16, 32 and 48 px inside an ICO container). No image tools needed:
// `node api/scripts/favicon.mjs` rewrites both files; the output is deterministic.
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const BRAND = '#0a4b93'; // portalBlue 80, the main theme's primary (shared/src/theme/themes.ts)
const WHITE = '#ffffff';

// A server stack on the brand's rounded square, in a 32 × 32 box.
const shapes = [
  { kind: 'rect', x: 0, y: 0, w: 32, h: 32, r: 7, fill: BRAND },
  ...[6.5, 13.5, 20.5].flatMap((y) => [
    { kind: 'rect', x: 6, y, w: 20, h: 5, r: 1.5, fill: WHITE },
    { kind: 'circle', cx: 9.5, cy: y + 2.5, r: 1.25, fill: BRAND },
  ]),
];

function svg() {
  const body = shapes
    .map((s) =>
      s.kind === 'rect'
        ? `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${s.fill}"/>`
        : `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Customer Portal</title>${body}</svg>\n`;
}

function inside(s, x, y) {
  if (s.kind === 'circle') return (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2;
  if (x < s.x || y < s.y || x > s.x + s.w || y > s.y + s.h) return false;
  const dx = Math.max(s.x + s.r - x, 0, x - (s.x + s.w - s.r));
  const dy = Math.max(s.y + s.r - y, 0, y - (s.y + s.h - s.r));
  return dx * dx + dy * dy <= s.r * s.r;
}

const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** RGBA pixels, 8 × 8 samples per pixel, shapes painted in order. */
function raster(size) {
  const n = 8;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) * 32) / size;
          const y = ((py + (sy + 0.5) / n) * 32) / size;
          let color = null;
          for (const s of shapes) if (inside(s, x, y)) color = s.fill;
          if (!color) continue;
          const [cr, cg, cb] = rgb(color);
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size) {
  const pixels = raster(size);
  const rows = [];
  for (let y = 0; y < size; y++) {
    rows.push(Buffer.from([0]), pixels.subarray(y * size * 4, (y + 1) * size * 4));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO whose images are PNGs (supported by every browser and by Windows since Vista). */
function ico(sizes) {
  const images = sizes.map(png);
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(sizes[i] % 256, 0);
    entry.writeUInt8(sizes[i] % 256, 1);
    entry.writeUInt16LE(1, 4); // planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('favicon.svg', out), svg());
writeFileSync(new URL('favicon.ico', out), ico([16, 32, 48]));
