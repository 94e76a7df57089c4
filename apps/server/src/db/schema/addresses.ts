import { sql } from 'drizzle-orm';
import { boolean, char, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

// Mirrors migrations/0004_content_addresses.sql; the SQL file is the source of truth for the database.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const addresses = pgTable('addresses', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  phone: text().notNull(),
  line1: text().notNull(),
  line2: text(),
  city: text().notNull(),
  state: text(),
  postalCode: text(),
  country: char({ length: 2 }).notNull(),
  isDefault: boolean().notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AddressRow = typeof addresses.$inferSelect;
