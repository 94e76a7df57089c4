import crypto from 'node:crypto';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES } from '@knotwork/shared/constants/limits';
import { apiMessages } from '@knotwork/shared/messages/api';
import { badRequest } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../media/storage/index.ts';

/** A decompression bomb guard: 40 MP is more than any phone camera and far less than a pixel flood. */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_SIZE = 512;
const ALLOWED = new Set(['jpeg', 'png', 'webp', 'avif']);

const refuse = (message: string) => badRequest(message, { errors: { profileImage: message } });

/**
 * Turns an uploaded picture into the stored avatar: the type is read from the bytes (never the name or
 * the declared type), size and pixel count are bounded before decoding, metadata (EXIF, GPS) is dropped,
 * and the result is re-encoded as a 512x512 WebP. Returns the file name under `avatars/` in the media store.
 */
export async function storeAvatar(input: Buffer, storage: MediaStorage): Promise<string> {
  if (input.length > PROFILE_IMAGE_MAX_BYTES) throw refuse(apiMessages.profileImageTooLarge);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(apiMessages.profileImageType);
  }
  // sharp reports AVIF as the HEIF container; only its AV1 flavour is AVIF (HEIC is not accepted).
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (!format || !ALLOWED.has(format)) throw refuse(apiMessages.profileImageType);
  if (!meta.width || !meta.height) throw refuse(apiMessages.profileImageType);
  if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw refuse(apiMessages.profileImageTooManyPixels);

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse(apiMessages.profileImageType);
  }
  // A random name per upload: a replaced avatar gets a new address, so the old one may be cached as immutable.
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  await storage.put(`avatars/${name}`, output, 'image/webp');
  return name;
}

/** The public path of an avatar file, as the user object carries it. */
export function avatarPath(mediaBaseUrl: string, fileName: string): string {
  return `${mediaBaseUrl.replace(/\/$/, '')}/avatars/${fileName}`;
}

/** Deletes a previous avatar if it is one of ours; anything else (e.g. an external URL) is left alone. */
export async function removeAvatar(
  profileImage: string | null,
  mediaBaseUrl: string,
  storage: MediaStorage,
): Promise<void> {
  const prefix = `${mediaBaseUrl.replace(/\/$/, '')}/avatars/`;
  if (!profileImage?.startsWith(prefix)) return;
  const name = profileImage.slice(prefix.length);
  if (!/^[0-9a-f]{32}\.webp$/.test(name)) return;
  await storage.remove(`avatars/${name}`);
}
