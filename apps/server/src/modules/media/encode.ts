import sharp, { type Sharp } from 'sharp';
import type { MediaFormat } from '../../db/schema/media.ts';
import {
  AVIF_MAX_WIDTH,
  ENCODE_OPTIONS,
  ENCODE_PROFILES,
  PLACEHOLDER_SIZE,
  VARIANT_WIDTHS,
  type EncodeProfile,
} from './limits.ts';
import type { SourceFormat } from './sniff.ts';

export interface EncodedFile {
  format: MediaFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface EncodedImage {
  /** Size of the largest stored variant, after EXIF orientation (the original, capped at the widest step). */
  width: number;
  height: number;
  dominantColor: string;
  placeholder: string;
  files: EncodedFile[];
}

/** Why an image was refused; the service turns it into an HttpError with the caller's wording. */
export class ImageRejection extends Error {
  constructor(public readonly reason: 'unsupportedType' | 'tooManyPixels' | 'unreadable') {
    super(reason);
  }
}

// Orientations 5-8 are rotated by 90 degrees: the displayed width is the stored height.
const swapsAxes = (orientation: number | undefined) =>
  orientation !== undefined && orientation >= 5 && orientation <= 8;

/** The sharp "format" (and, for HEIF containers, compression) each sniffed container must decode as. */
function decodesAs(format: SourceFormat, meta: sharp.Metadata): boolean {
  if (format === 'avif') return meta.format === 'heif' && meta.compression === 'av1';
  return meta.format === format;
}

/** Widths to produce for an image `width` wide: the standard steps below it, then the image's own width. */
export function variantWidths(width: number, steps: readonly number[] = VARIANT_WIDTHS): number[] {
  const top = Math.min(width, steps[steps.length - 1]!);
  // A step within 15% of the top size would be a near-duplicate file; skip it.
  const below = steps.filter((w) => w < top * 0.85);
  return [...below, top];
}

/**
 * Decodes an upload once (header checked first, so a pixel flood never allocates), applies the EXIF
 * orientation, drops all metadata (sharp writes none unless asked), and encodes every responsive
 * size in AVIF/WebP plus one JPEG fallback, with the dominant colour and a tiny placeholder.
 */
export async function encodeImage(
  input: Buffer,
  format: SourceFormat,
  maxPixels: number,
  profileName: EncodeProfile = 'standard',
): Promise<EncodedImage> {
  const profile = ENCODE_PROFILES[profileName];
  // `failOn: 'truncated'` refuses incomplete files but tolerates the harmless warnings many cameras cause.
  const open = () =>
    sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', pages: 1, animated: false });

  let meta: sharp.Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    throw classify(err);
  }
  if (!decodesAs(format, meta)) throw new ImageRejection('unsupportedType');
  const storedWidth = meta.width ?? 0;
  const storedHeight = meta.pageHeight ?? meta.height ?? 0;
  if (storedWidth < 1 || storedHeight < 1) throw new ImageRejection('unreadable');
  if (storedWidth * storedHeight > maxPixels) throw new ImageRejection('tooManyPixels');

  const width = swapsAxes(meta.orientation) ? storedHeight : storedWidth;
  const widths = variantWidths(width, profile.widths);
  const masterWidth = widths[widths.length - 1]!;

  // One decode into an sRGB raw "master" at the largest width needed; every variant is resized from it.
  let master: { data: Buffer; info: sharp.OutputInfo };
  try {
    master = await open()
      .rotate()
      .resize({ width: masterWidth, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw classify(err);
  }
  const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };
  const fromMaster = (): Sharp => sharp(master.data, { raw });

  const stats = await fromMaster().stats();
  // An alpha channel that is fully opaque only costs bytes.
  const keepAlpha = raw.channels === 4 && !stats.isOpaque;
  const base = (): Sharp => (raw.channels === 4 && !keepAlpha ? fromMaster().removeAlpha() : fromMaster());

  const files: EncodedFile[] = [];
  // The step nearest the fallback width from below; a top size up to 25% above it beats a much smaller step.
  const jpegWidth = [...widths].reverse().find((w) => w <= profile.jpegTarget * 1.25) ?? widths[0]!;
  const avifAt = (w: number) =>
    profile.avifWidths === 'upToMax'
      ? w <= AVIF_MAX_WIDTH
      : (profile.avifWidths as readonly number[]).includes(w);
  for (const w of widths) {
    const resized = () => (w === raw.width ? base() : base().resize({ width: w }));
    const webp = 'webp' in profile ? profile.webp : ENCODE_OPTIONS.webp;
    const jpeg = 'jpeg' in profile ? profile.jpeg : ENCODE_OPTIONS.jpeg;
    const encodings: Array<[MediaFormat, () => Sharp]> = [['webp', () => resized().webp(webp)]];
    if (avifAt(w)) encodings.push(['avif', () => resized().avif(ENCODE_OPTIONS.avif)]);
    if (w === jpegWidth)
      encodings.push(['jpeg', () => resized().flatten({ background: '#ffffff' }).jpeg(jpeg)]);
    for (const [fmt, encode] of encodings) {
      const { data, info } = await encode().toBuffer({ resolveWithObject: true });
      files.push({ format: fmt, width: info.width, height: info.height, data });
    }
  }

  const tiny = await base()
    .resize({ width: PLACEHOLDER_SIZE, height: PLACEHOLDER_SIZE, fit: 'inside' })
    .webp({ quality: 40, alphaQuality: 40 })
    .toBuffer();
  const { r, g, b } = stats.dominant;
  return {
    width: raw.width,
    height: raw.height,
    dominantColor: `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    files,
  };
}

function classify(err: unknown): ImageRejection {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new ImageRejection('tooManyPixels');
  if (/unsupported image format/i.test(message)) return new ImageRejection('unsupportedType');
  return new ImageRejection('unreadable');
}
