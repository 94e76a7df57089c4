import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import { users } from './accounts.ts';
import { lots, rugs } from './catalogue.ts';

// Mirrors migrations/0005_bidding.sql; the SQL file is the source of truth. The hot bidding path uses raw SQL
// (modules/lots/lot-repository.ts); these definitions serve typed reads elsewhere.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

export type BidStatus = 'accepted' | 'voided';
export const bids = pgTable('bids', {
  id: uuid().primaryKey(),
  lotId: uuid()
    .notNull()
    .references(() => lots.id, { onDelete: 'cascade' }),
  bidderId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxAmount: money('max_amount').notNull(),
  status: text().$type<BidStatus>().notNull().default('accepted'),
  eventSeq: bigint({ mode: 'number' }).notNull(),
  idempotencyKey: text(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
  voidedAt: ts('voided_at'),
});

export const lotEvents = pgTable(
  'lot_events',
  {
    lotId: uuid()
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    superseded: boolean().notNull().default(false),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.seq] })],
);

export const likes = pgTable(
  'likes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rugId: uuid()
      .notNull()
      .references(() => rugs.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rugId] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer().notNull(),
    response: jsonb().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type OrderKind = 'auction' | 'buy_now' | 'fixed_price';
export type { OrderStatus };
export const orders = pgTable('orders', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  rugId: uuid()
    .notNull()
    .references(() => rugs.id, { onDelete: 'restrict' }),
  lotId: uuid().references(() => lots.id, { onDelete: 'restrict' }),
  kind: text().$type<OrderKind>().notNull(),
  hammerPrice: money('hammer_price'),
  buyersPremium: money('buyers_premium').notNull().default(0),
  itemPrice: money('item_price').notNull(),
  currency: text().notNull(),
  status: text().$type<OrderStatus>().notNull().default('awaiting_payment'),
  reservedUntil: ts('reserved_until'),
  dueAt: ts('due_at').notNull(),
  paidAt: ts('paid_at'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`clock_timestamp()`),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`clock_timestamp()`),
});
export type OrderRow = typeof orders.$inferSelect;
