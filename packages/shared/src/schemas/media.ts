import { z } from 'zod';
import { textField } from './text.ts';

/** What a stored image is for; decides its folder under the media root. */
export const MEDIA_KINDS = ['rug', 'avatar', 'cover', 'blog'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** A Deep Zoom pyramid: the `.dzi` descriptor's URL, its tiles' folder URL and what the descriptor says. */
export const apiImageZoomSchema = z
  .object({
    dzi: textField(),
    /** Ends with `_files/`; a tile is `<level>/<column>_<row>.<format>` under it. */
    tiles: textField(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    tileSize: z.number().int().positive(),
    overlap: z.number().int().min(0),
    format: z.enum(['jpeg']),
  })
  .meta({ id: 'ImageZoom' });
export type ApiImageZoom = z.infer<typeof apiImageZoomSchema>;

/**
 * An image as the API hands it to the web: every size in two modern formats as `srcset` strings
 * ("<url> 320w, <url> 640w"), a JPEG fallback for old browsers, the intrinsic size (to reserve space
 * and avoid layout shift), the dominant colour and a tiny blurred placeholder (a data: URI) to show
 * while the real picture loads.
 */
export const apiImageSchema = z
  .object({
    id: textField(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** data:image/webp;base64,... of a ~16px version, blurred when shown. */
    placeholder: textField(),
    /** Dominant colour as #rrggbb. */
    color: textField().regex(/^#[0-9a-f]{6}$/i),
    alt: textField().optional(),
    sources: z.object({
      avif: textField(),
      webp: textField(),
    }),
    /** A mid-sized JPEG every browser can show. */
    fallback: textField(),
    /** The Deep Zoom pyramid of the full-resolution picture, once cut (the rug page's zoom viewer, decision 061). */
    zoom: apiImageZoomSchema.optional(),
  })
  .meta({ id: 'Image' });
export type ApiImage = z.infer<typeof apiImageSchema>;

/** Refusals of an upload (the toast text); a caller may pass its own wording per field. */
export const mediaMessages = {
  unsupportedType: 'Unsupported image type',
  tooLarge: 'The image is too large',
  tooManyPixels: 'The image has too many pixels',
  unreadable: 'The image is damaged or incomplete',
} as const;
export type MediaMessages = { -readonly [K in keyof typeof mediaMessages]: string };
