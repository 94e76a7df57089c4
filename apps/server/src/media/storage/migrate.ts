import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from './content-type.ts';
import type { MediaStorage } from './types.ts';

export interface MigrateProgress {
  done: number;
  total: number;
  copied: number;
  skipped: number;
}

/** Every file under `dir`, as store keys (forward slashes), leaving out the local store's unfinished temp files. */
export async function listMediaFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries;
    try {
      entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return;
      throw err;
    }
    for (const entry of entries) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(key);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(key);
    }
  };
  await walk('');
  return out.sort();
}

/**
 * Copies a local media folder into the store. An object already there with the same size is skipped, so a run
 * that stopped half way resumes where it was, and a second run copies nothing (names are content-addressed).
 */
export async function migrateMedia(
  dir: string,
  storage: MediaStorage,
  onProgress: (progress: MigrateProgress) => void = () => {},
): Promise<MigrateProgress> {
  const keys = await listMediaFiles(dir);
  const progress: MigrateProgress = { done: 0, total: keys.length, copied: 0, skipped: 0 };
  onProgress(progress);
  for (const key of keys) {
    const data = await fs.readFile(path.join(dir, key));
    if ((await storage.size(key)) === data.length) progress.skipped += 1;
    else {
      await storage.put(key, data, contentTypeFor(key));
      progress.copied += 1;
    }
    progress.done += 1;
    onProgress(progress);
  }
  return progress;
}
