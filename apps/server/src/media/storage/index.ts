import type { Config } from '../../config/env.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { MediaStorage } from './types.ts';

export type { MediaStorage, StoredObject } from './types.ts';
export { IMMUTABLE_CACHE_CONTROL } from './types.ts';
export { StorageUnavailable } from './errors.ts';
export { contentTypeFor } from './content-type.ts';

type StorageConfig = Pick<
  Config,
  | 'MEDIA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The bucket when S3_BUCKET is set, otherwise the MEDIA_DIR folder (decision 040). */
export function createMediaStorage(
  config: StorageConfig,
  options: { timeoutMs?: number } = {},
): MediaStorage {
  if (!config.S3_BUCKET) return createLocalStorage(config.MEDIA_DIR);
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
