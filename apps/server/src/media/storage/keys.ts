import { MEDIA_KINDS } from '@knotwork/shared/schemas/media';

/** Keys are made by the server; this refuses anything that could climb out of the store or its folder. */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Invalid media key: ${key}`);
  }
}

/**
 * The folders the product writes and /media serves: each image kind's (MediaService: `<kind>/<2 hex>/<name>-<width>.<ext>`,
 * its zoom pyramid beside it) and `avatars/` (auth/avatar.ts). Anything else in the bucket or the folder (a backup,
 * another tool's files) is never served (issue 25 section 4): a planted `secret/backup.sql` was streamed before.
 */
export const SERVED_MEDIA_FOLDERS: readonly string[] = [...MEDIA_KINDS, 'avatars'];

/** True when /media may serve this key: a safe key inside one of the product's folders. */
export function isServedMediaKey(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash <= 0 || !SERVED_MEDIA_FOLDERS.includes(key.slice(0, slash))) return false;
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
