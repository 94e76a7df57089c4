import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file under the media root atomically (temp file + rename), so a reader never sees half a
 * picture and two processes writing the same content-addressed name cannot corrupt each other.
 * `relativePath` is always made by the server (kind/hash-prefix/hash-width.ext), never by a client.
 */
export async function writeMediaFile(mediaDir: string, relativePath: string, data: Buffer): Promise<void> {
  const target = path.resolve(mediaDir, relativePath);
  if (!target.startsWith(path.resolve(mediaDir) + path.sep)) throw new Error(`Media path escapes MEDIA_DIR: ${relativePath}`);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, target);
}

export async function mediaFileExists(mediaDir: string, relativePath: string): Promise<boolean> {
  try {
    await fs.access(path.resolve(mediaDir, relativePath));
    return true;
  } catch {
    return false;
  }
}
