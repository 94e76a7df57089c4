import type { MediaFormat } from '../../db/schema/media.ts';

/** Largest upload accepted unless the caller passes a smaller `maxBytes`. */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Largest decoded size (width x height) accepted. 50 MP covers every phone and most cameras; a
 * "pixel flood" (a tiny file declaring a huge canvas) is refused from the header, before decoding.
 */
export const DEFAULT_MAX_PIXELS = 50_000_000;

/** Responsive widths, capped at the original width (never upscaled). */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600, 2400] as const;
/**
 * AVIF costs about four times WebP's encode time (measured on this 2-core box: 3 sizes of a
 * 1200px picture took ~1.0 s CPU in AVIF at effort 2 against ~0.25 s in WebP; effort 0 is fast
 * but 70% larger). The small and medium sizes that cards and phones fetch are where AVIF's
 * savings matter, so AVIF is made up to this width; wider sizes exist in WebP only and the AVIF
 * srcset lists those WebP files for its large steps (every AVIF browser decodes WebP).
 */
export const AVIF_MAX_WIDTH = 1024;
/**
 * Encoding profiles. `standard` for uploads. `seed` for generated demo pictures, which are rendered at most 900 px
 * on the long side and must be ready within a minute of a first start: three widths (card, phone, detail view), WebP
 * for each, one JPEG fallback, no AVIF (the AVIF srcset then lists the WebP files). Measured on the 2-core box under
 * load: AVIF at 640 px took 2.1 s against 0.6-1.4 s for WebP (54 KB against 84 KB), about 40% of a seed picture's
 * encode time for 30 KB per card; first-start speed wins for generated pictures, uploads keep AVIF.
 */
export const ENCODE_PROFILES = {
  standard: { widths: VARIANT_WIDTHS, avifWidths: 'upToMax', jpegTarget: 1024 },
  seed: {
    widths: [320, 640, 900],
    avifWidths: [],
    jpegTarget: 640,
    // Generated pictures (decision 078): WebP at effort 2 without smart subsampling and a plain (not mozjpeg) JPEG took
    // a seed picture's encode from ~0.75 s to ~0.3 s of CPU here, for files about 10% larger.
    webp: { quality: 78, effort: 2 },
    jpeg: { quality: 80, progressive: true },
  },
} as const satisfies Record<
  string,
  {
    widths: readonly number[];
    avifWidths: 'upToMax' | readonly number[];
    jpegTarget: number;
    webp?: { quality: number; effort: number };
    jpeg?: { quality: number; progressive: boolean };
  }
>;
export type EncodeProfile = keyof typeof ENCODE_PROFILES;

/** The JPEG fallback is one mid size: only browsers without WebP (very old ones) ever use it. */
export const JPEG_FALLBACK_WIDTH = 1024;
/** Long side of the inline placeholder. */
export const PLACEHOLDER_SIZE = 16;

/** Encoder settings; changing them changes ENCODER_VERSION so new files never reuse cached names. */
export const ENCODE_OPTIONS = {
  avif: { quality: 52, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 78, effort: 4, smartSubsample: true },
  jpeg: { quality: 80, mozjpeg: true, progressive: true },
} as const;
export const ENCODER_VERSION = 'v1';

export const FORMAT_EXTENSIONS: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
