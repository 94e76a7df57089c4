import cluster from 'node:cluster';
import { printBanner } from './banner.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { requireProductionSecrets } from './lib/secrets.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
    requireProductionSecrets(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // WORKERS > 1: this process only forks and watches the workers (no app, no database); each worker runs the rest
  // of this file (decision 099).
  if (config.WORKERS > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./cluster-primary.ts');
    runPrimary(config, () => void printBanner(config));
    return;
  }
  await serve(config);
}

async function serve(config: Config) {
  // Loaded here, not at the top: the cluster's primary never loads the app.
  const [
    { default: closeWithGrace },
    { buildApp },
    { openDatabase },
    { withStartLock },
    { seedDemoData },
    { SHUTDOWN_MESSAGE },
  ] = await Promise.all([
    import('close-with-grace'),
    import('./app.ts'),
    import('./db/open.ts'),
    import('./db/processes.ts'),
    import('./seed/demo.ts'),
    import('./cluster-primary.ts'),
  ]);
  const worker = cluster.isWorker ? Number(process.env.KNOTWORK_WORKER ?? cluster.worker?.id) : undefined;
  // The cluster's primary asks by message (a second signal would cut the graceful shutdown short). Before the app
  // serves there is nothing to drain: a worker asked while starting just stops (migrations and the seed are
  // transactions or idempotent).
  let shutdown: (() => void) | undefined = undefined;
  if (cluster.isWorker)
    process.on('message', (message) => {
      if (message !== SHUTDOWN_MESSAGE) return;
      if (shutdown) shutdown();
      else process.exit(0);
    });
  // Migrations run under an advisory lock, so workers starting together wait for each other (db/migrate.ts).
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, worker });
  // A bucket that does not answer is said at start, not first found by an upload (which answers 503 meanwhile).
  await app.ctx.storage
    .check()
    .catch((err: unknown) =>
      app.log.error(
        { err, storage: app.ctx.storage.where },
        `media storage ${app.ctx.storage.where} does not answer: uploads answer 503 until it does`,
      ),
    );
  // Processes starting together do the first-run work one after the other (the demo seed checks, then writes): the
  // first seeds, the next finds it done. Only worker 1 draws the demo pictures (cluster-primary.ts).
  await withStartLock(database, async () => {
    if (config.SEED_DEMO) await seedDemoData(app);
    // Settle what is already due before the first visitor (lots past their end closed, due lots opened, holds
    // expired): after a pause, or with a demo whose sales were written relative to now, the first seconds would
    // otherwise serve states the first job run is about to change.
    await app.jobs
      .runDueJobsOnce()
      .catch((err: unknown) => app.log.error({ err }, 'the first job run failed; the scheduler tries again'));
  });

  let closing = false;
  const closer = closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await database.close();
  });
  shutdown = () => {
    if (!closing) void closer.close();
  };

  await app.listen({ port: config.PORT, host: config.HOST });
  // Every process runs the scheduler; one of them at a time holds the jobs' lease and runs them (jobs/scheduler.ts).
  app.jobs.start();
  if (!cluster.isWorker) await printBanner(config);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
