import crypto from 'node:crypto';
import type { ApiImage, MediaKind, MediaMessages } from '@knotwork/shared/schemas/media';
import { mediaKindSchema, mediaMessages } from '@knotwork/shared/schemas/media';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow, MediaVariant } from '../../db/schema/media.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toApiImage } from './api-image.ts';
import { encodeImage, ImageRejection, type EncodedImage } from './encode.ts';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_PIXELS,
  ENCODER_VERSION,
  FORMAT_EXTENSIONS,
  type EncodeProfile,
} from './limits.ts';
import {
  findImageByHash,
  findImageById,
  findImagesByIds,
  insertImage,
  touchImage,
  updateImageFiles,
} from './repository.ts';
import { sniffImageFormat } from './sniff.ts';
import { contentTypeFor, type MediaStorage } from '../../media/storage/index.ts';

export type MediaImage = MediaImageRow;

export interface IngestOptions {
  kind: MediaKind;
  /** Upper bound on the upload's size in bytes (default 20 MB). */
  maxBytes?: number;
  /** Upper bound on width x height of the decoded picture (default 50 MP). */
  maxPixels?: number;
  /** Wording of the refusals, e.g. the profile form's own messages; defaults to mediaMessages. */
  messages?: Partial<MediaMessages>;
  /** Which sizes and formats to make (limits.ts ENCODE_PROFILES); `seed` for generated demo pictures. */
  profile?: EncodeProfile;
}

export interface MediaServiceDeps {
  db: Db;
  storage: MediaStorage;
  config: Pick<Config, 'MEDIA_BASE_URL'>;
}

/** Status of each refusal: 413 for bytes (RFC 9110 "content too large"), 415 for a type, 400 otherwise. */
const STATUS = { unsupportedType: 415, tooLarge: 413, tooManyPixels: 400, unreadable: 400 } as const;

export function createMediaService({ db, storage, config }: MediaServiceDeps) {
  const refuse = (reason: keyof MediaMessages, messages: Partial<MediaMessages> | undefined) =>
    new HttpError(STATUS[reason], messages?.[reason] ?? mediaMessages[reason], { code: `image_${reason}` });

  return {
    /**
     * Validates an uploaded picture by its content and stores it re-encoded; resolves to the row.
     * The same bytes ingested twice for the same kind resolve to the same row without re-encoding
     * (seeding is idempotent), unless the files went missing, in which case they are written again.
     */
    async ingest(buffer: Buffer, options: IngestOptions): Promise<MediaImage> {
      const kind = mediaKindSchema.parse(options.kind);
      const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
      const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
      if (buffer.length > maxBytes) throw refuse('tooLarge', options.messages);
      const format = sniffImageFormat(buffer);
      if (!format) throw refuse('unsupportedType', options.messages);

      // Names derive from the content and the encoder settings, so a changed encoder never reuses a
      // name that browsers cached as immutable.
      const contentHash = crypto.createHash('sha256').update(buffer).digest('hex');
      const existing = await storedAlready(kind, contentHash);
      if (existing?.complete) return existing.row;

      let encoded;
      try {
        encoded = await encodeImage(buffer, format, maxPixels, options.profile);
      } catch (err) {
        if (err instanceof ImageRejection) throw refuse(err.reason, options.messages);
        throw err;
      }
      return store(kind, contentHash, encoded, existing?.row);
    },

    /**
     * Stores a picture encoded elsewhere (the demo pictures' renderer process, decision 078) under the sha256 of its
     * source bytes, as `ingest` would: the same source stored twice resolves to the same row.
     */
    async storeEncoded(kind: MediaKind, contentHash: string, encoded: EncodedImage): Promise<MediaImage> {
      const existing = await storedAlready(kind, contentHash);
      if (existing?.complete) return existing.row;
      return store(kind, contentHash, encoded, existing?.row);
    },

    get: (id: string) => findImageById(db, id),
    getMany: (ids: readonly string[]) => findImagesByIds(db, ids),

    /** The API shape, with URLs under this server's MEDIA_BASE_URL. */
    toApiImage: (row: MediaImage, alt?: string): ApiImage =>
      toApiImage(row, { baseUrl: config.MEDIA_BASE_URL, ...(alt !== undefined ? { alt } : {}) }),
  };

  async function store(
    kind: MediaKind,
    contentHash: string,
    encoded: EncodedImage,
    existing: MediaImage | undefined,
  ): Promise<MediaImage> {
    const name = crypto
      .createHash('sha256')
      .update(`${ENCODER_VERSION}:${contentHash}`)
      .digest('hex')
      .slice(0, 32);
    const variants: MediaVariant[] = [];
    for (const file of encoded.files) {
      const path = `${kind}/${name.slice(0, 2)}/${name}-${file.width}.${FORMAT_EXTENSIONS[file.format]}`;
      // Every file before the row: a store that is down fails the upload (503) with no row pointing at nothing.
      await storage.put(path, file.data, contentTypeFor(path));
      variants.push({
        format: file.format,
        width: file.width,
        height: file.height,
        path,
        bytes: file.data.length,
      });
    }
    const values = {
      width: encoded.width,
      height: encoded.height,
      dominantColor: encoded.dominantColor,
      placeholder: encoded.placeholder,
      variants,
    };
    if (existing) return updateImageFiles(db, existing.id, values);
    return insertImage(db, { kind, contentHash, ...values });
  }

  /**
   * The row already holding these bytes, if any, and whether all its files are in the store. Touched before its files
   * are trusted: an image the unused-media sweep is removing right now is gone once the touch returns, and is stored
   * again (unused.ts).
   */
  async function storedAlready(
    kind: MediaKind,
    contentHash: string,
  ): Promise<{ row: MediaImage; complete: boolean } | undefined> {
    const found = await findImageByHash(db, kind, contentHash);
    const row = found && (await touchImage(db, found.id));
    return row ? { row, complete: await filesPresent(row.variants) } : undefined;
  }

  async function filesPresent(variants: MediaVariant[]): Promise<boolean> {
    for (const v of variants) if (!(await storage.exists(v.path))) return false;
    return true;
  }
}

export type MediaService = ReturnType<typeof createMediaService>;
