import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from './content-type.ts';
import { assertSafeKey } from './keys.ts';
import type { MediaStorage } from './types.ts';

/** The default store: files under MEDIA_DIR, as `npm start` always kept them. */
export function createLocalStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(base, key);
  };
  return {
    kind: 'local',
    where: base,
    // Temp file + rename: a reader never sees half a picture, and two processes writing the same
    // content-addressed name cannot corrupt each other.
    async put(key, data) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(temp, data);
      await fsp.rename(temp, target);
    },
    async exists(key) {
      return (await this.size(key)) !== undefined;
    },
    async size(key) {
      try {
        return (await fsp.stat(file(key))).size;
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await fsp.rm(file(key), { force: true });
    },
    async get(key, range) {
      const size = await this.size(key);
      if (size === undefined) return undefined;
      const contentType = contentTypeFor(key);
      if (!range) return { body: fs.createReadStream(file(key)), contentType, size };
      const end = Math.min(range.end ?? size - 1, size - 1);
      return {
        body: fs.createReadStream(file(key), { start: range.start, end }),
        contentType,
        size,
        range: { start: range.start, end },
      };
    },
    async check() {
      await fsp.mkdir(base, { recursive: true });
    },
    close() {},
  };
}
