import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { MediaKind } from '@knotwork/shared/schemas/media';

// Mirrors migrations/0002_media.sql; the SQL file is the source of truth for the database.

export type MediaFormat = 'avif' | 'webp' | 'jpeg';

/** One encoded file of an image; `path` is relative to MEDIA_DIR. */
export interface MediaVariant {
  format: MediaFormat;
  width: number;
  height: number;
  path: string;
  bytes: number;
}

export const mediaImages = pgTable(
  'media_images',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    kind: text().$type<MediaKind>().notNull(),
    contentHash: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    dominantColor: text().notNull(),
    placeholder: text().notNull(),
    variants: jsonb().$type<MediaVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('media_images_kind_content_hash_key').on(t.kind, t.contentHash)],
);
export type MediaImageRow = typeof mediaImages.$inferSelect;
