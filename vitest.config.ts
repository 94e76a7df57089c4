import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * On CI a failed test runs once more before the run fails (docs/decisions/065-ci-retries.md): a stop lands only on a
 * green run, and the browser and socket tests measure real timing on a shared two-core machine. A test that passed
 * on its second try is named at the end of the run (`flaky:` lines, scripts/flaky-reporter.mjs) and is a bug to fix, not a pass to keep.
 */
const ciRetry = process.env.CI ? 1 : 0;

/**
 * Browser-test files run two at a time (decision 084): each has its own browser and its own accounts on the shared
 * server, and one file's waits overlap the other's work. E2E_WORKERS=1 runs them one by one.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * One runner, four projects: pure unit tests of the shared package and of the web app's feature logic, API tests of the server (through
 * Fastify inject against PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and browser tests against
 * the built site in Debian's Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/flaky-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          environment: 'node',
          // Projects with different worker settings must run as separate groups, in this order.
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Pure logic of the web app's features (features/*/lib): no DOM, no server.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          // Some tests build a whole app on a fresh database inside the test; under load that alone takes seconds.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite and argon2 are CPU-heavy; two workers match the two cores.
          maxWorkers: 2,
          // Each worker imports the server once and runs its files one after another (decision 084): re-importing
          // the whole app for every file was half of the run (import 552 s of 1,064 s on two cores). Every file
          // builds its own app on its own database, and no test mocks a module, so files share nothing but code.
          isolate: false,
          retry: ciRetry,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/helpers/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          // The tests of a `describe.concurrent` block run three at a time within their file, each in contexts of
          // its own (e2e.newPage({ test })): much of a page check is waiting (server, network quiet), as the hydration
          // test's three pages at a time showed (decision 084's addendum).
          maxConcurrency: 3,
          // expect.poll's own default waits 1 s: on a loaded two-core CI machine a list that grows after a click
          // (the sale page's "Show more lots") took longer, and the test failed on a wait, not on the page
          // (CI of 2026-11-30). Polls that name their own timeout keep it.
          expect: { poll: { timeout: 10_000 } },
          // As the server project: each worker imports the helpers and playwright once and keeps one browser for
          // its files (helpers/harness.ts). Files share no state: their own accounts, contexts and servers.
          isolate: false,
          retry: ciRetry,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
