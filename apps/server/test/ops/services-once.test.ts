import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 section 1 and issue 26 section 3: everything the routes use is built once per app, in the composition root
 * (services.ts, or app.ts for the context's own), and routes read `app.services`. Two instances of a caching service
 * are two caches that disagree, and a route file that builds its own repository hides a dependency from the root.
 * This reads the source: any `createX(` call in a routes file, or a second call of the same service factory, fails.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** cli/ runs as its own process, without an app to share services with. */
const OUTSIDE_THE_APP = /^cli\//;

/**
 * Where SQL lives outside repositories: db/ is the driver, the migrations and the schema; seed/ and cli/ run as
 * their own processes and write demo data or one-off fixes.
 */
const SQL_OWN_PLACES = /^(db|seed|cli)\//;

interface Call {
  file: string;
  line: number;
  factory: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every call of a `create…(` factory in the server's source; definitions and method calls (`x.createLot(`) are not. */
function constructions(): Call[] {
  return sourceFiles(src).flatMap((full) => {
    const file = path.relative(src, full).split(path.sep).join('/');
    return fs
      .readFileSync(full, 'utf8')
      .split('\n')
      .flatMap((text, i) =>
        [...text.matchAll(/(function\s+|\.)?\b(create[A-Z]\w*)\s*\(/g)]
          .filter((m) => !m[1])
          .map((m) => ({ file, line: i + 1, factory: m[2]! })),
      );
  });
}

const isRoutesFile = (file: string) => /(^|\/|-)routes\.ts$/.test(file);
const where = (calls: Call[]) => calls.map((c) => `${c.file}:${c.line} ${c.factory}`);

describe('services are built once per app, in one composition root (issue 10 §1, issue 26 §3)', () => {
  const calls = constructions();
  const serviceCalls = calls.filter((c) => c.factory.endsWith('Service'));

  it('finds the constructions of the app services layer (the scan is not vacuous)', () => {
    const layer = calls.filter((c) => c.file === 'services.ts').map((c) => c.factory);
    expect(layer).toEqual(
      expect.arrayContaining(['createRugService', 'createMediaService', 'createExchangeRateService']),
    );
  });

  it('no routes file constructs a service, repository or client: routes read app.services', () => {
    const offending = calls.filter((c) => isRoutesFile(c.file));
    expect(where(offending)).toEqual([]);
  });

  it('each service factory is called in one place in the app', () => {
    const byFactory = new Map<string, Call[]>();
    for (const call of serviceCalls.filter((c) => !OUTSIDE_THE_APP.test(c.file))) {
      byFactory.set(call.factory, [...(byFactory.get(call.factory) ?? []), call]);
    }
    const repeated = [...byFactory.values()].filter((sites) => sites.length > 1).flatMap(where);
    expect(repeated).toEqual([]);
  });

  it('no routes file holds SQL: queries live in repositories (issue 26 §4)', () => {
    const withSql = sourceFiles(src)
      .map((full) => path.relative(src, full).split(path.sep).join('/'))
      .filter((file) => isRoutesFile(file) && /\bsql`/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(withSql).toEqual([]);
  });

  it('no server file but a repository (`*repository.ts`) or a fragment file (`*-sql.ts`) holds SQL, outside db/, seed/ and cli/ (issue 26 §4)', () => {
    // A query is a `sql` template or a call of the driver's query methods on a handle (db, tx, probe...). A file
    // name ending in `.sql` inside backticks (a comment's `backup.sql`) is not one.
    const query =
      /(?<!\.)\bsql`|\b(?:db|tx|trx|conn|client|probe)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\s*[(<]/;
    const files = sourceFiles(src)
      .map((full) => path.relative(src, full).split(path.sep).join('/'))
      .filter((file) => !SQL_OWN_PLACES.test(file));
    const repositories = files.filter((file) => /(^|\/|-)repository\.ts$|-sql\.ts$/.test(file));
    // The scan is not vacuous: repositories, inside modules/ and out, hold queries and the pattern sees them.
    expect(repositories.filter((file) => query.test(fs.readFileSync(path.join(src, file), 'utf8')))).toEqual(
      expect.arrayContaining([
        'modules/lots/lot-repository.ts',
        'modules/auth/otp-repository.ts',
        'jobs/due-lots-repository.ts',
        'lib/settings-repository.ts',
        'realtime/lot-replay-repository.ts',
      ]),
    );
    const withSql = files.filter(
      (file) => !repositories.includes(file) && query.test(fs.readFileSync(path.join(src, file), 'utf8')),
    );
    expect(withSql).toEqual([]);
  });

  it('no module reads the app context: routes take the edge parts they name in their options (route-deps.ts)', () => {
    const reads = sourceFiles(path.join(src, 'modules'))
      .map((full) => path.relative(src, full).split(path.sep).join('/'))
      .filter((file) => /\bapp\.ctx\b|\.server\.ctx\b/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(reads).toEqual([]);
  });
});
