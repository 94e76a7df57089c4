import type { ApiImage } from '@knotwork/shared/schemas/media';
import { mediaUrl } from '@/lib/media.ts';

/** The widest file of a picture (from its WebP srcset), for the magnifier; the JPEG fallback if none is listed. */
export function largestSource(image: ApiImage): string {
  let best: { url: string; width: number } | null = null;
  for (const entry of image.sources.webp.split(',')) {
    const [url, descriptor] = entry.trim().split(/\s+/, 2);
    const width = Number.parseInt(descriptor ?? '', 10);
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  const path = best?.url ?? image.fallback;
  return mediaUrl(path) ?? path;
}
