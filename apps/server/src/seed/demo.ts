import type { FastifyInstance } from 'fastify';
import { collections } from '../db/schema/index.ts';
import { seedDemoAccounts, DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_COLLECTIONS } from './demo-collections.ts';
import { seedDemoContent } from './demo-content/seed-content.ts';
import { seedDemoCatalogue } from './demo-catalogue/seed-catalogue.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoConsignments } from './demo-consignments.ts';
import { seedDemoHomeFeatures } from './demo-home.ts';

export { DEMO_ACCOUNTS };

/**
 * Loads demo data on first start. Idempotent: each part checks for its own rows, so restarts and
 * several processes starting together do not duplicate anything.
 */
export async function seedDemoData(app: FastifyInstance) {
  const { db } = app.ctx;
  await seedDemoAccounts(app);
  await seedDemoContent(app);
  await db
    .insert(collections)
    .values(DEMO_COLLECTIONS.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoNothing({ target: collections.slug });
  await seedDemoCatalogue(app);
  await seedDemoHomeFeatures(db);
  await seedDemoChat(app);
  await seedDemoConsignments(app);
  await app.services.exchangeRates.seedDemo();
}
