/**
 * The bare handler (bare-bid-server.ts) in its own process, so its CPU time is its own: started by the bidding bench
 * with DATABASE_URL, it opens the database exactly as the product does (openDatabase: same pg driver, same pool
 * settings from the same config), listens on a random port and posts its origin.
 */
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { startBareBidServer } from './bare-bid-server.ts';
import { startProfile, type FlameSummary } from './profile.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false' });
const database = await openDatabase(config);
const { app, origin } = await startBareBidServer(database.db, config.BID_WRITE_STATEMENTS);
process.on('disconnect', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
// BENCH_PROFILE: the bench profiles the bare handler over the same scenario as the product, for the comparison.
let stopProfile: ((file: string) => Promise<FlameSummary>) | null = null;
process.on('message', (m: { profile: 'start' } | { profile: 'stop'; file: string }) => {
  if (m.profile === 'start')
    void startProfile().then((stop) => {
      stopProfile = stop;
      process.send!({ profiling: true });
    });
  else void stopProfile!(m.file).then((summary) => process.send!({ summary }));
});
process.send!({ origin });
