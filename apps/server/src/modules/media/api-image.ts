import type { ApiImage } from '@knotwork/shared/schemas/media';
import type { MediaImageRow, MediaVariant } from '../../db/schema/media.ts';
import { JPEG_FALLBACK_WIDTH } from './limits.ts';
import { zoomTilesPrefix } from './zoom.ts';

/** Joins the public media base (MEDIA_BASE_URL: "/media" or "https://cdn.example/media") and a stored path. */
export function mediaPublicUrl(baseUrl: string, relativePath: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${relativePath.replace(/^\/+/, '')}`;
}

function srcset(variants: MediaVariant[], baseUrl: string): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaPublicUrl(baseUrl, v.path)} ${v.width}w`)
    .join(', ');
}

/**
 * A <picture> uses the first <source> whose type the browser supports and picks only from its
 * srcset, so the AVIF list must reach the largest width too: where no AVIF file exists for a width
 * (see AVIF_MAX_WIDTH), the WebP file of that width stands in.
 */
function avifWithWebpAbove(variants: MediaVariant[]): MediaVariant[] {
  const avif = variants.filter((v) => v.format === 'avif');
  const widths = new Set(avif.map((v) => v.width));
  return [...avif, ...variants.filter((v) => v.format === 'webp' && !widths.has(v.width))];
}

/**
 * The API shape of a stored image. `baseUrl` is the server's MEDIA_BASE_URL (default "/media");
 * the web prefixes relative results with its own media origin (mediaUrl()).
 */
export function toApiImage(
  row: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> & {
    zoom?: MediaImageRow['zoom'];
  },
  options: { baseUrl?: string; alt?: string } = {},
): ApiImage {
  const baseUrl = options.baseUrl ?? '/media';
  const jpegs = row.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const fallback =
    [...jpegs].reverse().find((v) => v.width <= JPEG_FALLBACK_WIDTH * 1.25) ??
    jpegs[0] ??
    // Rows always carry a JPEG; the WebP guard only keeps a hand-edited row from crashing the API.
    row.variants.find((v) => v.format === 'webp');
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    color: row.dominantColor,
    ...(options.alt !== undefined ? { alt: options.alt } : {}),
    sources: {
      avif: srcset(avifWithWebpAbove(row.variants), baseUrl),
      webp: srcset(
        row.variants.filter((v) => v.format === 'webp'),
        baseUrl,
      ),
    },
    fallback: fallback ? mediaPublicUrl(baseUrl, fallback.path) : '',
    ...(row.zoom
      ? {
          zoom: {
            dzi: mediaPublicUrl(baseUrl, row.zoom.path),
            tiles: mediaPublicUrl(baseUrl, zoomTilesPrefix(row.zoom)),
            width: row.zoom.width,
            height: row.zoom.height,
            tileSize: row.zoom.tileSize,
            overlap: row.zoom.overlap,
            format: row.zoom.format,
          },
        }
      : {}),
  };
}
