import { sql } from 'drizzle-orm';

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
