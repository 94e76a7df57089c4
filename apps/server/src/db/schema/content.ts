import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mediaImages } from './media.ts';

// Mirrors migrations/0004_content_addresses.sql; the SQL file is the source of truth for the database.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const blogPosts = pgTable('blog_posts', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  title: text().notNull(),
  excerpt: text().notNull(),
  bodyMarkdown: text().notNull(),
  coverImageId: uuid().references(() => mediaImages.id, { onDelete: 'set null' }),
  author: text().notNull(),
  tags: text()
    .array()
    .notNull()
    .default(sql`'{}'`),
  publishedAt: ts('published_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Bumped by every staff edit (0100); a stale one is 409. */
  version: integer().notNull().default(1),
});
export type BlogPostRow = typeof blogPosts.$inferSelect;

export const faqGroups = pgTable('faq_groups', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  title: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const faqEntries = pgTable('faq_entries', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  groupId: uuid()
    .notNull()
    .references(() => faqGroups.id, { onDelete: 'cascade' }),
  slug: text().notNull().unique(),
  question: text().notNull(),
  answer: text().notNull(),
  sortOrder: integer().notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sitePages = pgTable('site_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  bodyMarkdown: text().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer().notNull().default(1),
});

/** Pictures uploaded into a post's body (0100): the foreign key keeps the unused-media sweep off them. */
export const blogPostImages = pgTable(
  'blog_post_images',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    imageId: uuid()
      .notNull()
      .references(() => mediaImages.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.imageId] })],
);

export const testimonials = pgTable('testimonials', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  name: text().notNull(),
  location: text().notNull(),
  quote: text().notNull(),
  rating: smallint().notNull(),
  sortOrder: integer().notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const careers = pgTable('careers', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text().notNull().unique(),
  title: text().notNull(),
  location: text().notNull(),
  employmentType: text({ enum: ['Full-time', 'Part-time', 'Contract', 'Internship'] }).notNull(),
  description: text().notNull(),
  isOpen: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notifySignups = pgTable('notify_signups', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text().notNull(),
  ip: text(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
