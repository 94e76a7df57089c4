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

/** A Deep Zoom pyramid of an image (migration 0120, decision 061); tile names follow from it (modules/media/zoom.ts). */
export interface MediaZoom {
  /** The `.dzi` descriptor's key; the tiles are under the same name with `_files/` in place of `.dzi`. */
  path: string;
  /** Size of the full-resolution level (the original upload after EXIF orientation). */
  width: number;
  height: number;
  tileSize: number;
  overlap: number;
  format: 'jpeg';
}

export const mediaImages = pgTable(
  'media_images',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text().$type<MediaKind>().notNull(),
    contentHash: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    dominantColor: text().notNull(),
    placeholder: text().notNull(),
    variants: jsonb().$type<MediaVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Stored or reused by an upload; the unused-media sweep spares rows touched within its grace period. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The Deep Zoom pyramid, once cut (a background job after the upload); null otherwise. */
    zoom: jsonb().$type<MediaZoom>(),
  },
  (t) => [unique('media_images_kind_content_hash_key').on(t.kind, t.contentHash)],
);
export type MediaImageRow = typeof mediaImages.$inferSelect;
