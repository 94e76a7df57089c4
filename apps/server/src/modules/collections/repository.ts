import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { num, rows } from '../../db/raw.ts';

export interface CollectionListRow {
  id: string;
  title: string;
  slug: string;
  description: string;
  status: 'draft' | 'published';
  cover_image: string | null;
  rug_count: string | number;
  cover: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> | null;
}

export function createCollectionRepository(db: Db) {
  return {
    /**
     * Every collection in display order with its published rug count and its cover: the chosen cover image, else
     * the first picture of its most valuable rug. Visitors (`{ publicOnly: true }`) see only the published ones
     * holding a public rug (decision 076); staff see every one.
     */
    async list({ publicOnly }: { publicOnly: boolean }) {
      const found = await rows<CollectionListRow>(
        db,
        sql`select c.id, c.title, c.slug, c.description, c.status, c.cover_image, n.rug_count,
              case when m.id is null then null else json_build_object('id', m.id, 'width', m.width, 'height', m.height,
                'placeholder', m.placeholder, 'dominantColor', m.dominant_color, 'variants', m.variants) end as cover
            from collections c
            left join lateral (
              select count(*) as rug_count from rug_collections rc join rugs r on r.id = rc.rug_id
              where rc.collection_id = c.id and r.status in ('available', 'reserved', 'sold')
            ) n on true
            left join lateral (
              select ri.image_id from rug_collections rc
                join rugs r on r.id = rc.rug_id
                join rug_images ri on ri.rug_id = r.id
              where rc.collection_id = c.id and r.status in ('available', 'reserved', 'sold')
              order by r.estimate_high desc, r.id, ri.position
              limit 1
            ) first_image on c.cover_image_id is null
            left join media_images m on m.id = coalesce(c.cover_image_id, first_image.image_id)
            ${publicOnly ? sql`where c.status = 'published' and n.rug_count > 0` : sql``}
            order by c.sort_order, c.title`,
      );
      return found.map((r) => ({ ...r, rugCount: num(r.rug_count) }));
    },
  };
}
