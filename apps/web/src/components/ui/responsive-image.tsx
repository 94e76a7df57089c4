import { useCallback, useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { mediaUrl } from '@/lib/media.ts';
import { sxList } from '@/lib/sx.ts';
import { sxBox } from '@/lib/sx-box.ts';

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt' | 'loading'
>;

export interface ResponsiveImageProps extends ImgProps {
  image: ApiImage;
  /** Which rendered width the browser should expect, e.g. "(min-width: 900px) 33vw, 100vw". */
  sizes?: string;
  /** Text for screen readers; defaults to the image's own alt, '' marks it decorative. */
  alt?: string;
  /** Above the fold (the hero, the first gallery picture): load at once with high priority. */
  eager?: boolean;
  /** How the picture fills a frame of another shape; only matters with `aspectRatio`. */
  fit?: 'cover' | 'contain';
  /** Frame shape, e.g. "4 / 5" for catalogue cards; defaults to the picture's own proportions. */
  aspectRatio?: string | number;
  /** Styles of the frame (the element that holds the placeholder). */
  sx?: SxProps<Theme>;
}

/** Applies the media origin (mediaUrl) to every URL of a "url 320w, url 640w" list. */
function withMediaBase(srcset: string): string {
  return srcset
    .split(',')
    .map((entry) => {
      const [url, descriptor] = entry.trim().split(/\s+/, 2);
      return url ? `${mediaUrl(url) ?? url}${descriptor ? ` ${descriptor}` : ''}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * A stored picture at the right size for the screen: AVIF, then WebP (srcset), then a JPEG for
 * very old browsers. Space is reserved from the intrinsic size so nothing jumps, the dominant
 * colour and a tiny blurred preview show at once, and the preview fades out when the real
 * picture has loaded (below the fold; an eager picture simply paints over it).
 */
export function ResponsiveImage({
  image,
  sizes = '100vw',
  alt,
  eager = false,
  fit = 'cover',
  aspectRatio,
  sx,
  onLoad,
  onError,
  style,
  ...imgProps
}: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);

  // A cached picture may be complete before React attaches onLoad.
  useEffect(() => {
    setLoaded(Boolean(imgRef.current?.complete && imgRef.current.naturalWidth > 0));
  }, [image.id]);

  const handleLoad = useCallback<NonNullable<ImgProps['onLoad']>>(
    (event) => {
      setLoaded(true);
      onLoad?.(event);
    },
    [onLoad],
  );
  const handleError = useCallback<NonNullable<ImgProps['onError']>>(
    (event) => {
      // Keep the placeholder rather than a broken-image icon.
      onError?.(event);
    },
    [onError],
  );

  const modifiers = [
    fit === 'contain' && 'kw-image--contain',
    eager ? 'kw-image--eager' : 'kw-image--lazy',
    loaded && 'kw-image--loaded',
  ]
    .filter(Boolean)
    .join(' ');
  // The picture's own colour and shape; the rest is styles/responsive-image.css.
  const frameStyle = {
    backgroundColor: image.color,
    aspectRatio: aspectRatio ?? `${image.width} / ${image.height}`,
  };
  const content = (
    <>
      <img className="kw-image__preview" src={image.placeholder} alt="" aria-hidden />
      <picture>
        {image.sources.avif && (
          <source type="image/avif" srcSet={withMediaBase(image.sources.avif)} sizes={sizes} />
        )}
        {image.sources.webp && (
          <source type="image/webp" srcSet={withMediaBase(image.sources.webp)} sizes={sizes} />
        )}
        <img
          className="kw-image__picture"
          ref={imgRef}
          src={mediaUrl(image.fallback) ?? image.fallback}
          alt={alt ?? image.alt ?? ''}
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchPriority: 'high' as const } : {})}
          onLoad={handleLoad}
          onError={handleError}
          style={style}
          // An eager picture (above the fold) is never hidden: on a server-rendered page it arrives before the
          // scripts, and a picture at opacity 0 until React's onLoad ran painted only after hydration (seconds of
          // LCP render delay on a phone). It covers the preview as soon as it decodes, without the fade.
          {...imgProps}
        />
      </picture>
    </>
  );
  // A caller's frame styles (sx) must win over the frame's own, as they did when the frame was all sx: that frame
  // stays a Box (MUI, lib/sx-box.ts). The common case, and every card of the listing, is a plain element.
  const Box = sx ? sxBox() : null;
  return Box ? (
    <Box
      className={modifiers}
      sx={[{ position: 'relative', overflow: 'hidden', width: '100%', ...frameStyle }, ...sxList(sx)]}
    >
      {content}
    </Box>
  ) : (
    <div className={`kw-image ${modifiers}`} style={frameStyle}>
      {content}
    </div>
  );
}
