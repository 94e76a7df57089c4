import { sql } from 'drizzle-orm';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { num } from '../../db/raw.ts';

/**
 * A rug's cover picture (its first image by position) as the `cover` columns every rug-showing query selects:
 * the catalogue, My Items' orders and the order page. Use both together: `select …, ${COVER_COLUMNS} from …
 * join rugs r on … ${COVER_JOIN}` (the join reads the rug as `r`).
 */
export const COVER_COLUMNS =
  sql.raw(`cover.id as cover_id, cover.alt as cover_alt, cover.width as cover_width, cover.height as cover_height,
  cover.placeholder as cover_placeholder, cover.dominant_color as cover_dominant_color, cover.variants as cover_variants`);

export const COVER_JOIN = sql.raw(`left join lateral (
    select m.id, ri.alt, m.width, m.height, m.placeholder, m.dominant_color, m.variants
    from rug_images ri join media_images m on m.id = ri.image_id
    where ri.rug_id = r.id order by ri.position, ri.image_id limit 1
  ) cover on true`);

/** The row columns `COVER_COLUMNS` selects (all null when the rug has no picture). */
export interface CoverColumns {
  cover_id: string | null;
  cover_alt: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_placeholder: string | null;
  cover_dominant_color: string | null;
  cover_variants: MediaImageRow['variants'] | null;
}

/**
 * The cover columns as the media row `toApiImage` takes, or null without a cover: the one reading of them for every
 * query that selects `COVER_COLUMNS`. Each caller still chooses the alt text (the picture's, or the rug's title).
 */
export function coverImage(
  row: CoverColumns,
): Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> | null {
  if (row.cover_id === null) return null;
  return {
    id: row.cover_id,
    width: num(row.cover_width),
    height: num(row.cover_height),
    placeholder: row.cover_placeholder ?? '',
    dominantColor: row.cover_dominant_color ?? '',
    variants: row.cover_variants ?? [],
  };
}
