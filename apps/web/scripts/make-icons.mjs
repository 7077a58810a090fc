// Draws the app icons of the web manifest (docs/architecture.md, Web app) from the logo, with
// sharp. Run it again after changing the logo: `node apps/web/scripts/make-icons.mjs`; the PNGs are
// committed.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const EMERALD = '#047857';
const MARK = 'M8 23V9.5l8 8.5 8-8.5V23';

/** The logo as on the favicon: the mark on a rounded square. */
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="${EMERALD}"/>
  <path d="${MARK}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

/**
 * A maskable icon fills the whole square (the system cuts its own shape) and keeps the mark in
 * the central 80 % safe zone: the 32-unit mark is drawn in a 48-unit square.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48">
  <rect x="-8" y="-8" width="48" height="48" fill="${EMERALD}"/>
  <path d="${MARK}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

const icons = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

await mkdir(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${outDir}${file}`);
  process.stdout.write(`wrote public/icons/${file}\n`);
}
