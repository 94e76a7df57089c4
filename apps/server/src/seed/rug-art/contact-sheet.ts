/**
 * Developer tool: renders a dozen rugs and a contact sheet to look at the generator's output.
 * Usage: npx tsx apps/server/src/seed/rug-art/contact-sheet.ts [outDir=/tmp/rug-art] [seedBase]
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import { renderRugArt } from './index.ts';

const outDir = process.argv[2] ?? '/tmp/rug-art';
const seedBase = Number(process.argv[3] ?? 1);
const samples: Array<{ style: RugStyle; shape: RugShape; widthCm: number; lengthCm: number }> = [
  { style: 'persian', shape: 'rectangle', widthCm: 240, lengthCm: 340 },
  { style: 'persian', shape: 'rectangle', widthCm: 200, lengthCm: 300 },
  { style: 'caucasian', shape: 'rectangle', widthCm: 150, lengthCm: 230 },
  { style: 'caucasian', shape: 'runner', widthCm: 90, lengthCm: 380 },
  { style: 'centralAsian', shape: 'rectangle', widthCm: 210, lengthCm: 290 },
  { style: 'moroccan', shape: 'rectangle', widthCm: 180, lengthCm: 280 },
  { style: 'turkish', shape: 'rectangle', widthCm: 270, lengthCm: 360 },
  { style: 'european', shape: 'oval', widthCm: 200, lengthCm: 300 },
  { style: 'chinese', shape: 'rectangle', widthCm: 180, lengthCm: 270 },
  { style: 'modern', shape: 'square', widthCm: 250, lengthCm: 250 },
  { style: 'modern', shape: 'round', widthCm: 200, lengthCm: 200 },
  { style: 'indian', shape: 'runner', widthCm: 80, lengthCm: 300 },
];

fs.mkdirSync(outDir, { recursive: true });
const thumbs: Buffer[] = [];
const started = Date.now();
for (const [i, s] of samples.entries()) {
  const t = Date.now();
  const views = await renderRugArt({ seed: seedBase + i, ...s });
  console.log(`${i} ${s.style} ${s.shape}: ${Date.now() - t} ms`);
  for (const [v, buf] of views.entries()) fs.writeFileSync(path.join(outDir, `rug-${i}-${v}.png`), buf);
  thumbs.push(await sharp(views[0]).resize(300, 375).png().toBuffer());
}
const cols = 6;
const sheet = await sharp({
  create: {
    width: 300 * cols,
    height: 375 * Math.ceil(thumbs.length / cols),
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(thumbs.map((input, i) => ({ input, left: (i % cols) * 300, top: Math.floor(i / cols) * 375 })))
  .png()
  .toBuffer();
fs.writeFileSync(path.join(outDir, 'contact-sheet.png'), sheet);
console.log(`total ${Date.now() - started} ms -> ${outDir}/contact-sheet.png`);
