import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 section 1: every service is built once per app, in plugins/app.ts (or app.ts for the context's own),
 * and routes read `app.services`. Two instances of a caching service are two caches that disagree, so this reads
 * the source: a `createXService(` call in a routes file, or a second call of the same factory, fails here.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Route files that still build a service, and why each is allowed to. */
const ROUTES_ALLOWED: Record<string, string[]> = {
  // They share the module's mail dispatcher, drained when the auth routes close; their OTP service is the app's.
  'modules/auth/routes.ts': ['createAuthService', 'createProfileService'],
  // Built only when the provider is configured, from the client the routes also use for webhooks.
  'modules/commerce/providers/stripe/stripe-routes.ts': ['createStripeService'],
  'modules/commerce/providers/paypal/paypal-routes.ts': ['createPaypalService'],
};

/** cli/ runs as its own process, without an app to share services with. */
const OUTSIDE_THE_APP = /^cli\//;

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

/** Every call of a `create…Service(` factory in the server's source; definitions are not calls. */
function serviceConstructions(): Call[] {
  return sourceFiles(src).flatMap((full) => {
    const file = path.relative(src, full).split(path.sep).join('/');
    return fs
      .readFileSync(full, 'utf8')
      .split('\n')
      .flatMap((text, i) =>
        [...text.matchAll(/(function\s+)?\b(create[A-Z]\w*Service)\s*\(/g)]
          .filter((m) => !m[1])
          .map((m) => ({ file, line: i + 1, factory: m[2]! })),
      );
  });
}

const isRoutesFile = (file: string) => /(^|\/|-)routes\.ts$/.test(file);
const where = (calls: Call[]) => calls.map((c) => `${c.file}:${c.line} ${c.factory}`);

describe('services are built once per app (issue 10 section 1)', () => {
  const calls = serviceConstructions();

  it('finds the constructions of the app services layer (the scan is not vacuous)', () => {
    const layer = calls.filter((c) => c.file === 'plugins/app.ts').map((c) => c.factory);
    expect(layer).toEqual(
      expect.arrayContaining(['createRugService', 'createMediaService', 'createExchangeRateService']),
    );
  });

  it('no routes file constructs a service: routes read app.services', () => {
    const offending = calls.filter(
      (c) => isRoutesFile(c.file) && !(ROUTES_ALLOWED[c.file] ?? []).includes(c.factory),
    );
    expect(where(offending)).toEqual([]);
  });

  it('each service factory is called in one place in the app', () => {
    const byFactory = new Map<string, Call[]>();
    for (const call of calls.filter((c) => !OUTSIDE_THE_APP.test(c.file))) {
      byFactory.set(call.factory, [...(byFactory.get(call.factory) ?? []), call]);
    }
    const repeated = [...byFactory.values()].filter((sites) => sites.length > 1).flatMap(where);
    expect(repeated).toEqual([]);
  });
});
