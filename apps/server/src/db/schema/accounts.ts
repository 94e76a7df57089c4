import { sql } from 'drizzle-orm';
import { allRoles } from '@knotwork/shared/abilities/staff';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_accounts.sql; the SQL file is the source of truth for the database.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull().unique(),
  passwordHash: text(),
  googleSub: text().unique(),
  profileImage: text(),
  cardLast4: text(),
  cardBrand: text(),
  stripeCustomerId: text('stripe_customer_id'),
  stripePaymentMethodId: text('stripe_payment_method_id'),
  role: text({ enum: allRoles }).notNull().default('user'),
  /** The account's language (migration 0012): its e-mails are written in it. */
  language: text({ enum: ['en', 'fr', 'ar'] })
    .notNull()
    .default('en'),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  userAgent: text(),
  ip: text(),
});

export const otpCodes = pgTable('otp_codes', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text({ enum: ['verify_email', 'reset_password'] }).notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type OtpPurpose = (typeof otpCodes.$inferSelect)['purpose'];

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  toAddress: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  status: text({ enum: ['logged', 'sent', 'failed'] }).notNull(),
  error: text(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notifications = pgTable('notifications', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text().notNull(),
  title: text().notNull(),
  body: text().notNull(),
  link: text(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  readAt: ts('read_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text().notNull().unique(),
  p256dh: text().notNull(),
  auth: text().notNull(),
  userAgent: text(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text().notNull(),
  email: text().notNull(),
  mobileNumber: text().notNull(),
  message: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  ip: text(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** new, answered or closed (0110): staff work through the messages in the back office. */
  status: text().$type<'new' | 'answered' | 'closed'>().notNull().default('new'),
  /** The sender's language when known; replies go out in it (English when null). */
  language: text().$type<'en' | 'fr' | 'ar'>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const collections = pgTable('collections', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull().default(''),
  coverImage: text(),
  sortOrder: integer().notNull().default(0),
  /** Draft until staff publish it (0240); public only once published and holding a public rug. */
  status: text().$type<'draft' | 'published'>().notNull().default('published'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
