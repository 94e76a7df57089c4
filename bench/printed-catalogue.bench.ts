/**
 * Issue 29 §3 (decision 094): a 300-lot catalogue with pictures renders in under 60 s on 2 cores. Makes 300 distinct
 * 640-px JPEGs (noise, so they weigh what photographs do), puts them in a local media store, then times what the
 * background job does for a catalogue: read each lot's picture back from the store, build the document, lay it out
 * with Typst in the renderer's child process (started for each catalogue, as the job does) and write the PDF. Run it pinned to two cores with `taskset -c 0,1 npm run bench -- printed`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalStorage } from '../apps/server/src/media/storage/local.ts';
import { catalogueDocument } from '../apps/server/src/modules/printed-catalogues/catalogue-document.ts';
import { renderInChildProcess } from '../apps/server/src/modules/printed-catalogues/render-process.ts';
import type { PrintedLot, PrintedSale } from '../apps/server/src/modules/printed-catalogues/repository.ts';
import type { Bench } from './lib/types.ts';

const LOTS = 300;
const GOAL_MS = 60_000;

const bench: Bench = {
  name: `Printed catalogue: ${LOTS} lots with pictures, Arabic and English`,
  async run() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kw-bench-printed-'));
    try {
      const storage = createLocalStorage(dir);
      for (let i = 0; i < LOTS; i += 1) {
        const jpeg = await sharp({
          create: {
            width: 640,
            height: 480,
            channels: 3,
            noise: { type: 'gaussian', mean: 110 + (i % 40), sigma: 40 },
          },
        })
          .jpeg({ quality: 80 })
          .toBuffer();
        await storage.put(`images/bench/${i}.jpg`, jpeg, 'image/jpeg');
      }
      const sale: PrintedSale = {
        id: 'bench',
        slug: 'bench',
        title: 'Tapis anciens · سجاد عتيق',
        description: 'Three hundred rugs from Persia, the Caucasus and Anatolia.\n\nViewing at the house.',
        type: 'timed',
        starts_at: '2026-03-10T10:00:00Z',
        ends_at: '2026-03-20T18:00:00Z',
        buyers_premium_pct: 25,
        draft: false,
        over: false,
        cover_variants: null,
      };
      const lots: PrintedLot[] = Array.from({ length: LOTS }, (_, i) => ({
        lot_number: i + 1,
        status: 'scheduled',
        outcome: null,
        hammer_price: null,
        estimate_low: 100_000 + i * 1000,
        estimate_high: 200_000 + i * 1000,
        title: i % 2 ? `Heriz carpet no. ${i}, North-West Persia` : `سجادة قشقاي رقم ${i}`,
        description: 'Wool pile on a cotton foundation; even low pile, original ends and sides.',
        origin_region: 'Heriz',
        origin_country: 'IR',
        circa_year: 1890,
        width_cm: 250,
        length_cm: 350,
        variants: null,
      }));
      for (const language of ['ar', 'en'] as const) {
        const started = performance.now();
        const files = new Map<string, Buffer>();
        const pictures: string[] = [];
        for (let i = 0; i < LOTS; i += 1) {
          const found = await storage.get(`images/bench/${i}.jpg`);
          const chunks: Buffer[] = [];
          for await (const chunk of found!.body) chunks.push(chunk as Buffer);
          files.set(`lot-${i}.jpg`, Buffer.concat(chunks));
          pictures.push(`lot-${i}.jpg`);
        }
        const read = performance.now() - started;
        const pdf = await renderInChildProcess(
          catalogueDocument({
            kind: 'catalogue',
            language,
            currency: 'EUR',
            house: { name: 'Maison Tapis & Fils', address: '12 rue Jacob\n75006 Paris', taxNumber: '' },
            conditions: '',
            sale,
            lots,
            pictures,
            cover: 'lot-0.jpg',
          }),
          files,
        );
        await storage.put(`printed/bench/catalogue-${language}.pdf`, pdf, 'application/pdf');
        const total = performance.now() - started;
        console.log(
          `${language}: ${(total / 1000).toFixed(1)} s (pictures read ${(read / 1000).toFixed(1)} s, child process, layout and PDF ${((total - read) / 1000).toFixed(1)} s), ${(pdf.length / 1e6).toFixed(1)} MB; goal under ${GOAL_MS / 1000} s: ${total < GOAL_MS ? 'met' : 'MISSED'}`,
        );
      }
      console.log(
        `(${os.cpus().length} CPUs visible to this process; load average ${os.loadavg()[0]!.toFixed(2)})`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default bench;
