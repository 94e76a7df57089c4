// `npm run media:migrate`: copies MEDIA_DIR (default $DATA_DIR/media) into the S3_BUCKET the configuration names.
// Safe to stop and run again: objects already in the bucket are skipped.
import { ConfigError, loadConfig } from '../config/env.ts';
import { createMediaStorage } from '../media/storage/index.ts';
import { migrateMedia, type MigrateProgress } from '../media/storage/migrate.ts';

function bar({ done, total, copied, skipped }: MigrateProgress): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}  copied ${copied}, already there ${skipped}`;
}

async function main() {
  const config = loadConfig();
  if (!config.S3_BUCKET)
    throw new ConfigError(
      'media:migrate needs S3_BUCKET (and S3_ENDPOINT etc. for a store other than AWS) to copy into.',
    );
  const storage = createMediaStorage(config);
  await storage.check();
  console.log(`Copying ${config.MEDIA_DIR} into ${storage.where}`);
  const tty = process.stdout.isTTY;
  let last = 0;
  const result = await migrateMedia(config.MEDIA_DIR, storage, (p) => {
    // A redrawn bar on a terminal; a line every 5 % in a log.
    if (tty) process.stdout.write(`\r${bar(p)}`);
    else if (p.total === 0 || p.done === p.total || (p.done / p.total) * 20 >= last + 1) {
      last = Math.floor((p.done / Math.max(1, p.total)) * 20);
      console.log(bar(p));
    }
  });
  if (tty) process.stdout.write('\n');
  console.log(`Done: ${result.copied} copied, ${result.skipped} already in the bucket.`);
  storage.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
