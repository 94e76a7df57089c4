import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import type {
  AgeClass,
  ConditionGrade,
  KnotType,
  RugColour,
  RugMaterial,
  RugShape,
  RugStatus,
  RugStyle,
} from '@knotwork/shared/constants/catalogue';
import { collections, users } from './accounts.ts';
import { mediaImages } from './media.ts';

// Mirrors migrations/0003_catalogue.sql; the SQL file is the source of truth for the database.
// Amounts are bigint cents read as JS numbers (every amount is below 2^53).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

export const rugs = pgTable('rugs', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  title: text().notNull(),
  description: text().notNull().default(''),
  originCountry: text().notNull(),
  originRegion: text().notNull(),
  style: text().$type<RugStyle>().notNull(),
  ageClass: text().$type<AgeClass>().notNull(),
  circaYear: integer(),
  widthCm: integer().notNull(),
  lengthCm: integer().notNull(),
  areaCm2: integer().generatedAlwaysAs(sql`width_cm * length_cm`),
  shape: text().$type<RugShape>().notNull(),
  pileMaterials: text()
    .array()
    .$type<RugMaterial[]>()
    .notNull()
    .default(sql`'{}'`),
  foundationMaterials: text()
    .array()
    .$type<RugMaterial[]>()
    .notNull()
    .default(sql`'{}'`),
  materials: text()
    .array()
    .$type<RugMaterial[]>()
    .generatedAlwaysAs(sql`pile_materials || foundation_materials`),
  knotType: text().$type<KnotType>(),
  knotDensity: integer(),
  colours: text()
    .array()
    .$type<RugColour[]>()
    .notNull()
    .default(sql`'{}'`),
  conditionGrade: text().$type<ConditionGrade>().notNull(),
  conditionReport: text().notNull().default(''),
  estimateLow: money('estimate_low').notNull(),
  estimateHigh: money('estimate_high').notNull(),
  fixedPrice: money('fixed_price'),
  status: text().$type<RugStatus>().notNull().default('available'),
  publishedAt: ts('published_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // Maintained by the trigger on lots (rugs_sync_lot); never write these from code.
  lotId: uuid(),
  lotStatus: text(),
  lotStartsAt: ts('lot_starts_at'),
  lotEndsAt: ts('lot_ends_at'),
  activeEndsAt: ts('active_ends_at'),
  lotPrice: money('lot_price'),
  // Ids of the rug's collections, kept equal to rug_collections by its triggers (migration 0009); write those rows.
  collectionIds: uuid()
    .array()
    .notNull()
    .default(sql`'{}'`),
  priceCents: money('price_cents').generatedAlwaysAs(sql`coalesce(lot_price, fixed_price, estimate_low)`),
  // search_vector (tsvector, generated) is only read by raw SQL in modules/catalogue/search-repository.ts.
});
export type RugRow = typeof rugs.$inferSelect;
export type NewRug = typeof rugs.$inferInsert;

export const rugImages = pgTable(
  'rug_images',
  {
    rugId: uuid()
      .notNull()
      .references(() => rugs.id, { onDelete: 'cascade' }),
    imageId: uuid()
      .notNull()
      .references(() => mediaImages.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
    alt: text(),
  },
  (t) => [primaryKey({ columns: [t.rugId, t.imageId] })],
);

export const rugCollections = pgTable(
  'rug_collections',
  {
    rugId: uuid()
      .notNull()
      .references(() => rugs.id, { onDelete: 'cascade' }),
    collectionId: uuid()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rugId, t.collectionId] })],
);

export type AuctionType = 'timed' | 'live';
export type AuctionStatus = 'draft' | 'scheduled' | 'open' | 'closed' | 'cancelled';

export const auctions = pgTable('auctions', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  title: text().notNull(),
  description: text().notNull().default(''),
  type: text().$type<AuctionType>().notNull().default('timed'),
  status: text().$type<AuctionStatus>().notNull().default('scheduled'),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  staggerSeconds: integer().notNull().default(60),
  buyersPremiumPct: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(25),
  increments: jsonb().$type<IncrementTable>(),
  softCloseEnabled: boolean().notNull().default(true),
  softCloseWindowSeconds: integer().notNull().default(120),
  softCloseExtensionSeconds: integer().notNull().default(120),
  coverImageId: uuid().references(() => mediaImages.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AuctionRow = typeof auctions.$inferSelect;

export type LotStatus = 'scheduled' | 'open' | 'closed' | 'withdrawn';
export type LotOutcome = 'sold' | 'unsold';

export const lots = pgTable(
  'lots',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    auctionId: uuid()
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    rugId: uuid()
      .notNull()
      .references(() => rugs.id, { onDelete: 'restrict' }),
    lotNumber: integer().notNull(),
    openingBid: money('opening_bid').notNull(),
    reserve: money('reserve'),
    buyNowPrice: money('buy_now_price'),
    estimateLow: money('estimate_low').notNull(),
    estimateHigh: money('estimate_high').notNull(),
    status: text().$type<LotStatus>().notNull().default('scheduled'),
    outcome: text().$type<LotOutcome>(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    currentBid: money('current_bid'),
    leaderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    leaderMax: money('leader_max'),
    bidCount: integer().notNull().default(0),
    reserveMet: boolean().notNull().default(false),
    seq: bigint({ mode: 'number' }).notNull().default(0),
    closedAt: ts('closed_at'),
    hammerPrice: money('hammer_price'),
    winnerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('lots_auction_id_lot_number_key').on(t.auctionId, t.lotNumber)],
);
export type LotRow = typeof lots.$inferSelect;
export type NewLot = typeof lots.$inferInsert;
