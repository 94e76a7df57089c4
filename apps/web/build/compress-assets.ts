import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing. Source maps are left out: only developer tools fetch them. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside a file, unless compression would not shrink it. */
export async function compressFile(file: string): Promise<boolean> {
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length >= data.length && gz.length >= data.length) return false;
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return true;
}

/**
 * Compresses the built files once, at the highest levels, so the server only picks the encoding the browser
 * accepts (@fastify/static `preCompressed`) and never spends CPU on it per request. index.html is not among
 * them: the server rewrites its head per page and compresses that answer itself.
 */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'knotwork:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      for await (const file of walk(outDir)) {
        if (COMPRESSIBLE.test(file) && path.basename(file) !== 'index.html') files.push(file);
      }
      const done = await Promise.all(files.map(compressFile));
      this.info(`compressed ${done.filter(Boolean).length} of ${files.length} text files (.br, .gz)`);
    },
  };
}
