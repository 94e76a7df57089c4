import crypto from 'node:crypto';
import sharp from 'sharp';
import { identityMessages as m } from '@knotwork/shared/messages/identity';
import { IDENTITY_DOCUMENT_MAX_BYTES } from '@knotwork/shared/schemas/identity';
import { badRequest } from '../../lib/http-error.ts';
import { DEFAULT_MAX_PIXELS } from '../media/limits.ts';
import { sniffImageFormat } from '../media/sniff.ts';

/** Where identity documents live in the media store: not a served folder (media/storage/keys.ts), so /media never serves them. */
export const IDENTITY_PREFIX = 'identity';
/** A document's photo is kept legible but bounded: 2,400 px on the long side, WebP. */
const LONG_SIDE = 2400;

export interface PreparedDocument {
  data: Buffer;
  contentType: 'image/webp' | 'application/pdf';
  key: string;
}

const refuse = (message: string) => badRequest(message, { errors: { document: message } });

/** `%PDF-` at the start (PDF 1.x and 2.0 all begin so). */
const isPdf = (buf: Buffer) => buf.length >= 8 && buf.toString('latin1', 0, 5) === '%PDF-';

/**
 * An upload turned into what is stored, with the media upload rules (modules/media): the type is read from the bytes,
 * never the name or the declared type; a photo (JPEG, PNG, WebP, AVIF) has its size and pixel count bounded before
 * decoding, its metadata (EXIF, GPS) dropped and is re-encoded; a PDF is recognised by its magic bytes and kept as
 * sent (it is only ever downloaded by an admin, never rendered by this server). Anything else is refused.
 */
export async function prepareDocument(input: Buffer): Promise<PreparedDocument> {
  if (input.length === 0) throw refuse(m.documentRequired);
  if (input.length > IDENTITY_DOCUMENT_MAX_BYTES) throw refuse(m.documentTooLarge);
  const name = `${IDENTITY_PREFIX}/${crypto.randomBytes(1).toString('hex')}/${crypto.randomBytes(16).toString('hex')}`;
  if (isPdf(input)) return { data: input, contentType: 'application/pdf', key: `${name}.pdf` };

  const format = sniffImageFormat(input);
  if (!format || format === 'gif') throw refuse(m.documentType);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(m.documentType);
  }
  if (!meta.width || !meta.height) throw refuse(m.documentType);
  if (meta.width * meta.height > DEFAULT_MAX_PIXELS) throw refuse(m.documentTooManyPixels);
  try {
    const data = await sharp(input, { limitInputPixels: DEFAULT_MAX_PIXELS, failOn: 'truncated', pages: 1 })
      .rotate() // the EXIF orientation, before the metadata is dropped
      .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { data, contentType: 'image/webp', key: `${name}.webp` };
  } catch {
    throw refuse(m.documentType);
  }
}
