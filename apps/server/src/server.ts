import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/open.ts';
import { requireProductionSecrets } from './lib/secrets.ts';
import { seedDemoData, DEMO_ACCOUNTS } from './seed/demo.ts';

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
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  // A bucket that does not answer is said at start, not first found by an upload (which answers 503 meanwhile).
  await app.ctx.storage
    .check()
    .catch((err: unknown) =>
      app.log.error(
        { err, storage: app.ctx.storage.where },
        `media storage ${app.ctx.storage.where} does not answer: uploads answer 503 until it does`,
      ),
    );
  if (config.SEED_DEMO) await seedDemoData(app);
  // Settle what is already due before the first visitor (lots past their end closed, due lots opened, holds
  // expired): after a pause, or with a demo whose sales were written relative to now, the first seconds would
  // otherwise serve states the first job run is about to change.
  await app.jobs
    .runDueJobsOnce()
    .catch((err: unknown) => app.log.error({ err }, 'the first job run failed; the scheduler tries again'));

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // Every process runs the jobs; they act exactly once across processes (see jobs/scheduler.ts).
  app.jobs.start();
  const url = config.PUBLIC_URL;
  console.log(`\n  Knotwork is running on ${url}`);
  console.log(`  API docs:  ${url}/api/docs`);
  if (!config.SMTP_URL)
    console.log(
      '  Mail:      SMTP_URL is not set: every mail, codes included, is printed here ("MAIL NOT SENT")',
    );
  if (config.DEV_MAILBOX) console.log(`  Mailbox:   ${url}/dev/mailbox (staff sign-in; development only)`);
  if (config.SEED_DEMO) {
    console.log('\n  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) console.log(`    ${a.role.padEnd(6)} ${a.email}  /  ${a.password}`);
  }
  console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
