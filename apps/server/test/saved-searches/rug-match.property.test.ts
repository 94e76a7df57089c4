import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_CLASSES,
  AVAILABILITIES,
  RUG_COLOURS,
  RUG_MATERIALS,
  RUG_SHAPES,
  RUG_STYLES,
} from '@knotwork/shared/constants/catalogue';
import { rugFilterSchema, type RugFilterInput } from '@knotwork/shared/schemas/rug-filter';
import type { Database } from '../../src/db/client.ts';
import { rows } from '../../src/db/raw.ts';
import { rugWhere } from '../../src/modules/catalogue/filter-sql.ts';
import { createRugRepository } from '../../src/modules/catalogue/rug-repository.ts';
import { toPrefixTsQuery } from '../../src/modules/catalogue/search-text.ts';
import { createMatchRepository } from '../../src/modules/saved-searches/match-repository.ts';
import { compileRugMatcher } from '../../src/modules/saved-searches/rug-match.ts';
import { createTestDatabase } from '../helpers/database.ts';

const ORIGINS = ['Heriz', 'Tabriz', 'Oushak', 'Kazak'];
const COUNTRIES = ['Iran', 'Turkey', 'Azerbaijan'];
const WORDS = ['serapi', 'garden', 'medallion', 'prayer', 'se', 'x'];
const STATUSES = ['available', 'available', 'reserved', 'sold', 'draft', 'withdrawn'];

/**
 * The matching job's in-memory predicate (rug-match.ts) against the listing's SQL (filter-sql.ts rugWhere): for
 * random filters over a varied set of rugs (lots open, upcoming and closed, fixed prices, sold, drafts, collections),
 * both must pick exactly the same rugs.
 */
describe('saved searches: the in-memory matcher agrees with the listing SQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let rugIds: string[];
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const collections = await database.query<{ id: string }>(
      `insert into collections (title, slug) values ('Antique Persian', 'antique-persian'), ('Tribal', 'tribal') returning id`,
    );
    const [auction] = await database.query<{ id: string }>(
      `insert into auctions (slug, title, status, starts_at, ends_at) values ('prop', 'Prop sale', 'open', now() - interval '2 days', now() + interval '2 days') returning id`,
    );
    rugIds = [];
    for (let i = 0; i < 72; i += 1) {
      const [rug] = await database.query<{ id: string }>(
        `insert into rugs (slug, title, description, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
           condition_grade, estimate_low, estimate_high, fixed_price, status, colours, pile_materials, foundation_materials)
         values ($1, $2, 'A rug', $3, $4, $5, $6, $7, $8, $9, 'good', $10::bigint, $10::bigint + 1000, $11::bigint, $12, $13, $14, $15) returning id`,
        [
          `prop-${i}`,
          `${WORDS[i % WORDS.length]} ${ORIGINS[i % 4]} rug ${i}`,
          COUNTRIES[i % 3],
          ORIGINS[(i * 3) % 4],
          RUG_STYLES[i % RUG_STYLES.length],
          AGE_CLASSES[i % 3],
          80 + ((i * 37) % 300),
          120 + ((i * 53) % 300),
          RUG_SHAPES[i % RUG_SHAPES.length],
          10_000 * (1 + (i % 9)),
          i % 4 === 0 ? 50_000 + i * 100 : null,
          STATUSES[i % STATUSES.length],
          [RUG_COLOURS[i % RUG_COLOURS.length], RUG_COLOURS[(i * 5) % RUG_COLOURS.length]],
          [RUG_MATERIALS[i % 3]],
          [RUG_MATERIALS[2 + (i % 4)]],
        ],
      );
      rugIds.push(rug!.id);
      if (i % 5 === 0)
        await database.query(`insert into rug_collections (rug_id, collection_id) values ($1, $2)`, [
          rug!.id,
          collections[i % 2]!.id,
        ]);
      // Lots: open, upcoming, closed, or none.
      const lot = i % 7;
      if (lot < 3 && i % 6 < 2) {
        const [starts, ends, status] =
          lot === 0
            ? ['-1 hour', '1 hour', 'open']
            : lot === 1
              ? ['1 hour', '2 hours', 'scheduled']
              : ['-2 hours', '-1 hour', 'closed'];
        await database.query(
          `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, outcome, starts_at, ends_at)
           values ($1, $2, $3, 5000, 10000, 20000, $4, case when $4 = 'closed' then 'unsold' end, now() + $5::interval, now() + $6::interval)`,
          [auction!.id, rug!.id, i + 1, status, starts, ends],
        );
      }
    }
  });
  afterAll(() => drop());

  const list = <T>(values: readonly T[]) =>
    fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 });
  const allCriteria = fc.record({
    q: fc.constantFrom(...WORDS, 'heriz rug', '!!'),
    collections: fc.uniqueArray(fc.constantFrom('Antique Persian', 'tribal', 'Nothing'), {
      minLength: 1,
      maxLength: 2,
    }),
    origins: fc.uniqueArray(fc.constantFrom(...ORIGINS, ...COUNTRIES, 'heriz', 'IRAN'), {
      minLength: 1,
      maxLength: 2,
    }),
    styles: list(RUG_STYLES),
    ageClasses: list(AGE_CLASSES),
    shapes: list(RUG_SHAPES),
    materials: list(RUG_MATERIALS),
    colours: list(RUG_COLOURS),
    widthMin: fc.integer({ min: 50, max: 250 }),
    widthMax: fc.integer({ min: 250, max: 400 }),
    lengthMin: fc.integer({ min: 100, max: 250 }),
    priceMax: fc.integer({ min: 40_000, max: 100_000 }),
    priceMin: fc.integer({ min: 0, max: 40_000 }),
    availability: list(AVAILABILITIES),
  });
  // One to three criteria, as saved searches have: with more, almost nothing matches and the test says little.
  const filterArb: fc.Arbitrary<RugFilterInput> = fc
    .tuple(
      allCriteria,
      fc.shuffledSubarray(
        [
          'q',
          'collections',
          'origins',
          'styles',
          'ageClasses',
          'shapes',
          'materials',
          'colours',
          'widthMin',
          'widthMax',
          'lengthMin',
          'priceMax',
          'priceMin',
          'availability',
        ],
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(
      ([all, keys]) =>
        Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k))) as RugFilterInput,
    );

  it('picks the same rugs for any filter', async () => {
    const db = database.db;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filterArb, async (input) => {
        const filter = rugFilterSchema.parse(input);
        const now = new Date();
        const tsQuery = filter.q === undefined ? undefined : toPrefixTsQuery(filter.q);
        const collectionIds = filter.collections?.length
          ? await createRugRepository(db).resolveCollections(filter.collections)
          : undefined;
        const bySql = await rows<{ id: string }>(
          db,
          sql`select r.id from rugs r where r.id = any(${sql.param(rugIds)}::uuid[]) and ${rugWhere(filter, { now, collectionIds, tsQuery })}`,
        );
        const repo = createMatchRepository(db);
        const texts = tsQuery ? await repo.textMatches([tsQuery], rugIds) : undefined;
        const match = compileRugMatcher(filter, {
          nowMs: now.getTime(),
          collectionIds,
          textMatches: tsQuery ? texts!.get(tsQuery) : tsQuery === null ? new Set() : undefined,
        });
        const inMemory = (await repo.loadRugs(rugIds)).filter(match).map((r) => r.id);
        expect(new Set(inMemory)).toEqual(new Set(bySql.map((r) => r.id)));
        if (bySql.length > 0) nonEmpty += 1;
      }),
      { numRuns: 150 },
    );
    // Not vacuous: a good share of the filters pick some rugs.
    expect(nonEmpty).toBeGreaterThan(15);
  });
});
