/**
 * Saved-search alerts (issue 14): 10,000 active saved searches (BENCH_SAVED_SEARCHES) of 2,000 collectors, then a
 * 1,000-rug import (BENCH_IMPORT_RUGS) in one statement; measured: the matching job draining the queue the import's
 * trigger filled (every rug against every search with the listing's own WHERE, alerts and in-app notifications
 * written), then the e-mail job taking the due alerts (mails built, not sent). Goal: under a minute in all.
 * Runs on PostgreSQL (the bench database) and, with BENCH_PGLITE=1, on an in-memory PGlite as well.
 */
import crypto from 'node:crypto';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { takeDueAlertMails } from '../apps/server/src/modules/saved-searches/alert-mails.ts';
import { matchQueuedRugs } from '../apps/server/src/modules/saved-searches/matching.ts';
import type { Bench } from './lib/types.ts';

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const RUGS = Number(process.env.BENCH_IMPORT_RUGS ?? 1_000);
const USERS = Math.max(1, Math.round(SEARCHES / 5));

const STYLES = [
  'persian',
  'turkish',
  'caucasian',
  'centralAsian',
  'moroccan',
  'indian',
  'chinese',
  'european',
  'modern',
];
const ORIGINS = [
  'Heriz',
  'Tabriz',
  'Kashan',
  'Isfahan',
  'Oushak',
  'Kazak',
  'Shirvan',
  'Bokhara',
  'Beni Ourain',
  'Agra',
];
const AGES = ['antique', 'vintage', 'modern'];
const COLOURS = ['red', 'blue', 'ivory', 'green', 'gold', 'black'];
const WORDS = ['serapi', 'medallion', 'garden', 'runner', 'prayer', 'kilim'];

/**
 * A deterministic pseudo-random filter of two to four criteria, as collectors save them ("antique Heriz, at least
 * 2 m wide"); about 1 in 60 rugs of the import matches the average search (168,000 alerts in all). A broader mix only multiplies the alerts
 * written (the printed count says how many); see docs/benchmarks.md.
 */
function filterFor(i: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[], salt: number) => list[(i * 7919 + salt * 104_729) % list.length]!;
  const f: Record<string, unknown> = {};
  const kinds = 2 + (i % 3);
  for (let k = 0; k < kinds; k += 1) {
    switch ((i + k * 3) % 8) {
      case 0:
        f.styles = [pick(STYLES, k)];
        break;
      case 1:
        f.origins = [pick(ORIGINS, k), pick(ORIGINS, k + 11)];
        break;
      case 2:
        f.ageClasses = [pick(AGES, k)];
        break;
      case 3:
        f.colours = [pick(COLOURS, k)];
        break;
      case 4:
        f.widthMin = 100 + (i % 5) * 50;
        break;
      case 5:
        f.priceMax = 100_000 * (1 + (i % 20));
        break;
      case 6:
        f.q = pick(WORDS, k);
        break;
      case 7:
        f.availability = ['upcoming', 'open', 'buyNow'].slice(0, 1 + (i % 3));
        break;
    }
  }
  return f;
}

async function setUp(database: Database, tag: string): Promise<void> {
  // Leftovers of other benches' inserts are not this import's: start from an empty queue.
  await database.query('delete from saved_search_queue');
  await database.query(`update saved_searches set paused = true where not paused`);
  const users = await database.query<{ id: string }>(
    `insert into users (first_name, last_name, email, email_verified_at)
     select 'Bench', 'Collector', 'ss-' || $1 || '-' || g || '@example.com', now() from generate_series(1, $2) g returning id`,
    [tag, USERS],
  );
  const filters = Array.from({ length: SEARCHES }, (_, i) => JSON.stringify(filterFor(i)));
  const modes = Array.from({ length: SEARCHES }, (_, i) => ['instant', 'daily', 'off'][i % 3]!);
  const owners = Array.from({ length: SEARCHES }, (_, i) => users[i % users.length]!.id);
  await database.query(
    `insert into saved_searches (user_id, name, filter, email_mode)
     select o, 'Search ' || n, f::jsonb, m from unnest($1::uuid[], $2::text[], $3::text[]) with ordinality as t(o, f, m, n)`,
    [owners, filters, modes],
  );
}

/** The import: one statement, as an importer would write it; the trigger queues every rug. */
async function importRugs(database: Database, tag: string): Promise<void> {
  await database.query(
    `insert into rugs (slug, title, description, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high, colours, pile_materials)
     select 'ss-' || $1 || '-' || g,
       (array['Serapi', 'Medallion', 'Garden', 'Prayer', 'Village', 'Tribal'])[1 + g % 6] || ' rug ' || g,
       'An imported rug',
       'Iran', (array['Heriz', 'Tabriz', 'Kashan', 'Isfahan', 'Oushak', 'Kazak', 'Shirvan', 'Bokhara', 'Beni Ourain', 'Agra'])[1 + g % 10],
       (array['persian', 'turkish', 'caucasian', 'centralAsian', 'moroccan', 'indian', 'chinese', 'european', 'modern'])[1 + g % 9],
       (array['antique', 'vintage', 'modern'])[1 + g % 3],
       80 + (g * 37) % 300, 120 + (g * 53) % 400, 'rectangle', 'good',
       50000 + (g * 7919) % 2000000, 100000 + (g * 7919) % 2000000 + 50000,
       array[(array['red', 'blue', 'ivory', 'green', 'gold', 'black'])[1 + g % 6]], array['wool']
     from generate_series(1, $2) g`,
    [tag, RUGS],
  );
}

async function runOn(label: string, database: Database): Promise<void> {
  const tag = crypto.randomBytes(4).toString('hex');
  await setUp(database, tag);
  const t0 = performance.now();
  await importRugs(database, tag);
  const t1 = performance.now();
  let alerts = 0;
  let notices = 0;
  for (;;) {
    const batch = await matchQueuedRugs(database.db);
    if (batch.rugs === 0) break;
    alerts += batch.alerts;
    notices += batch.pending.length;
  }
  const t2 = performance.now();
  let mails = 0;
  for (;;) {
    const taken = await takeDueAlertMails(database.db, 'http://localhost:3000');
    mails += taken.mails.length;
    if (taken.owners === 0) break;
  }
  const t3 = performance.now();
  const total = (t3 - t0) / 1000;
  console.log(
    `| ${label.padEnd(10)} | ${SEARCHES.toLocaleString('en-US')} searches x ${RUGS.toLocaleString('en-US')} rugs | import ${(
      (t1 - t0) /
      1000
    ).toFixed(
      2,
    )} s | matching ${((t2 - t1) / 1000).toFixed(2)} s | mails ${((t3 - t2) / 1000).toFixed(2)} s | total ${total.toFixed(
      2,
    )} s | ${alerts.toLocaleString('en-US')} alerts, ${notices.toLocaleString('en-US')} notifications, ${mails.toLocaleString('en-US')} mails | ${
      total < 60 ? 'MET' : 'NOT MET'
    } (< 60 s) |`,
  );
  await database.query(`update saved_searches set paused = true where name like 'Search %'`);
}

const bench: Bench = {
  name: 'Saved-search alerts: 10,000 searches x a 1,000-rug import',
  async run({ databaseUrl }) {
    const pgDatabase = await createDatabase({ url: databaseUrl, poolSize: 4 });
    try {
      await migrate(pgDatabase);
      await runOn('PostgreSQL', pgDatabase);
    } finally {
      await pgDatabase.close();
    }
    if (process.env.BENCH_PGLITE === '1') {
      const lite = await createDatabase({ pgliteDir: 'memory://' });
      try {
        await migrate(lite);
        await runOn('PGlite', lite);
      } finally {
        await lite.close();
      }
    }
  },
};
export default bench;
