import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { GeneratedRug } from './generate-rug.ts';

/** Rows per statement: one JSON parameter each, well under any protocol limit, fast on both drivers. */
const BATCH = 2000;

/**
 * Inserts rugs and their collection memberships in batches (one json_to_recordset statement per batch instead of
 * a round trip per row); rugs whose slug exists are skipped, so a rerun is harmless. Resolves to slug -> id of
 * the rugs inserted now.
 */
export async function insertRugs(
  db: Db,
  rugs: readonly (GeneratedRug & { status?: string; publishedAt?: Date })[],
  collectionIds: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < rugs.length; i += BATCH) {
    const batch = rugs.slice(i, i + BATCH).map((r) => ({
      slug: r.slug,
      title: r.title,
      description: r.description,
      origin_country: r.originCountry,
      origin_region: r.originRegion,
      style: r.style,
      age_class: r.ageClass,
      circa_year: r.circaYear,
      width_cm: r.widthCm,
      length_cm: r.lengthCm,
      shape: r.shape,
      pile_materials: r.pileMaterials,
      foundation_materials: r.foundationMaterials,
      knot_type: r.knotType,
      knot_density: r.knotDensity,
      colours: r.colours,
      condition_grade: r.conditionGrade,
      condition_report: r.conditionReport,
      estimate_low: r.estimateLow,
      estimate_high: r.estimateHigh,
      fixed_price: r.fixedPrice,
      status: r.status ?? 'available',
      published_at: (r.publishedAt ?? new Date()).toISOString(),
      // Written with the rug, sorted as rug_collections' trigger keeps them (migration 0009), so adding the
      // memberships below leaves the row alone instead of writing a second version of every rug.
      collection_ids: [...new Set(r.collections.flatMap((c) => collectionIds.get(c) ?? []))].sort(),
    }));
    const inserted = (await db.execute(sql`
      insert into rugs (slug, title, description, origin_country, origin_region, style, age_class, circa_year, width_cm,
        length_cm, shape, pile_materials, foundation_materials, knot_type, knot_density, colours, condition_grade,
        condition_report, estimate_low, estimate_high, fixed_price, status, published_at, collection_ids)
      select slug, title, description, origin_country, origin_region, style, age_class, circa_year, width_cm,
        length_cm, shape, pile_materials, foundation_materials, knot_type, knot_density, colours, condition_grade,
        condition_report, estimate_low, estimate_high, fixed_price, status, published_at, collection_ids
      from json_to_recordset(${JSON.stringify(batch)}::json) as x(slug text, title text, description text,
        origin_country text, origin_region text, style text, age_class text, circa_year int, width_cm int, length_cm int,
        shape text, pile_materials text[], foundation_materials text[], knot_type text, knot_density int, colours text[],
        condition_grade text, condition_report text, estimate_low bigint, estimate_high bigint, fixed_price bigint,
        status text, published_at timestamptz, collection_ids uuid[])
      on conflict (slug) do nothing
      returning id, slug`)) as { rows: { id: string; slug: string }[] };
    for (const row of inserted.rows) ids.set(row.slug, row.id);

    const memberships = rugs.slice(i, i + BATCH).flatMap((r) => {
      const rugId = ids.get(r.slug);
      return rugId
        ? r.collections.flatMap((c) =>
            collectionIds.has(c) ? [{ rug_id: rugId, collection_id: collectionIds.get(c) }] : [],
          )
        : [];
    });
    if (memberships.length > 0) {
      await db.execute(sql`
        insert into rug_collections (rug_id, collection_id)
        select rug_id, collection_id from json_to_recordset(${JSON.stringify(memberships)}::json) as x(rug_id uuid, collection_id uuid)
        on conflict do nothing`);
    }
  }
  return ids;
}
