import { sql } from 'drizzle-orm';

/** A column that refers to an image (`media_images.id`), its names quoted as needed. */
export interface ImageReference {
  table_name: string;
  column_name: string;
}

/** `not exists (...)` for every reference: the image (`m`, a `media_images` row) is used by nothing. */
export function unreferenced(refs: readonly ImageReference[]) {
  if (refs.length === 0) return sql`true`;
  return sql.join(
    refs.map(
      (r) =>
        sql`not exists (select 1 from ${sql.raw(r.table_name)} x where x.${sql.raw(r.column_name)} = m.id)`,
    ),
    sql` and `,
  );
}
