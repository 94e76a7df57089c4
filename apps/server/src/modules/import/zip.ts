import path from 'node:path';
import yauzl from 'yauzl';
import { importMessages as m } from '@knotwork/shared/schemas/import-staff';
import { badRequest } from '../../lib/http-error.ts';
import { DEFAULT_MAX_BYTES } from '../media/limits.ts';

/** Caps on what a zip may unpack to: checked from the central directory before anything is unpacked. */
export const ZIP_MAX_FILES = 2_000;
export const ZIP_MAX_TOTAL_BYTES = 500 * 1024 * 1024;
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);

export interface PhotoZip {
  /** Photo file names (the base name, as the CSV names them) present in the zip. */
  names: Set<string>;
  /** The photo's bytes; yauzl checks each entry unpacks to exactly its declared size (no zip bomb). */
  read(name: string): Promise<Buffer>;
}

function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(badRequest(m.zipUnreadable, { errors: { zip: m.zipUnreadable } })) : resolve(zip),
    ),
  );
}

/**
 * Lists a zip of photos. Refused as a whole (400): not a zip; an entry with an absolute or `..` name (zip-slip,
 * although nothing is ever written under the entry's name); more than ZIP_MAX_FILES entries or more than
 * ZIP_MAX_TOTAL_BYTES unpacked; a photo above the media pipeline's size limit. Files that are not photos by
 * their extension (__MACOSX, .DS_Store, a readme) are ignored; a photo's bytes are sniffed by the media pipeline.
 */
export async function openPhotoZip(buffer: Buffer): Promise<PhotoZip> {
  const zip = await open(buffer);
  const entries = new Map<string, yauzl.Entry>();
  let count = 0;
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) =>
      reject(
        /path|file name|characters/i.test(err.message)
          ? badRequest(m.zipUnsafe, { errors: { zip: m.zipUnsafe } })
          : badRequest(m.zipUnreadable, { errors: { zip: m.zipUnreadable } }),
      ),
    );
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (name.startsWith('/') || name.split(/[\\/]/).includes('..') || /^[a-z]:/i.test(name))
        return reject(badRequest(m.zipUnsafe, { errors: { zip: name.slice(0, 200) } }));
      count += 1;
      total += entry.uncompressedSize;
      if (count > ZIP_MAX_FILES || total > ZIP_MAX_TOTAL_BYTES)
        return reject(badRequest(m.zipTooLarge, { errors: { zip: m.zipTooLarge } }));
      const base = path.posix.basename(name);
      const isPhoto =
        !name.endsWith('/') &&
        !name.includes('__MACOSX') &&
        PHOTO_EXTENSIONS.has(path.extname(base).toLowerCase());
      if (isPhoto) {
        if (entry.uncompressedSize > DEFAULT_MAX_BYTES)
          return reject(badRequest(m.photoTooLarge, { errors: { zip: base } }));
        entries.set(base, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
  return {
    names: new Set(entries.keys()),
    read: (name) =>
      new Promise((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(badRequest(m.photoMissing));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(badRequest(m.photoUnreadable));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', () => reject(badRequest(m.photoUnreadable)));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}
