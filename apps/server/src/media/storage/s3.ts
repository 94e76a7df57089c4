import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageUnavailable } from './errors.ts';
import { assertSafeKey } from './keys.ts';
import { IMMUTABLE_CACHE_CONTROL, type MediaStorage } from './types.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Milliseconds before a request that got no answer counts as the store being down. */
  timeoutMs?: number;
}

/** Answers that mean "the object is not there", as opposed to "the store is not there". */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** Media in an S3-compatible bucket (AWS, MinIO, R2, Ceph, Garage...), through the AWS SDK v3. */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const timeout = settings.timeoutMs ?? 10_000;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Many S3-compatible stores do not know the SDK's newer default checksums (aws-chunked CRC32 bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that is down must become a prompt 503, not a request hanging for minutes.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: Math.min(timeout, 3_000), requestTimeout: timeout },
  });
  const Bucket = settings.bucket;
  const where = `s3://${Bucket}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 500) < 500 && !isMissing(err))
        throw err;
      throw new StorageUnavailable(where, err);
    }
  };
  const head = (Key: string) =>
    guard(async () => {
      try {
        return await client.send(new HeadObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    });

  return {
    kind: 's3',
    where,
    async put(key, data, contentType) {
      assertSafeKey(key);
      // lib-storage sends one PUT for small bodies and a multipart upload (aborted on failure) for large ones.
      await guard(() =>
        new Upload({
          client,
          params: {
            Bucket,
            Key: key,
            Body: data,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          },
        }).done(),
      );
    },
    async exists(key) {
      return (await this.size(key)) !== undefined;
    },
    async size(key) {
      assertSafeKey(key);
      const found = await head(key);
      return found ? (found.ContentLength ?? 0) : undefined;
    },
    async remove(key) {
      assertSafeKey(key);
      await guard(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async get(key, range) {
      assertSafeKey(key);
      return guard(async () => {
        try {
          const answer = await client.send(
            new GetObjectCommand({
              Bucket,
              Key: key,
              ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
            }),
          );
          const contentType = answer.ContentType ?? 'application/octet-stream';
          const body = answer.Body as Readable;
          const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
          if (range && match)
            return {
              body,
              contentType,
              size: Number(match[3]),
              range: { start: Number(match[1]), end: Number(match[2]) },
            };
          return { body, contentType, size: answer.ContentLength ?? 0 };
        } catch (err) {
          if (isMissing(err)) return undefined;
          throw err;
        }
      });
    },
    async check() {
      await guard(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    close() {
      client.destroy();
    },
  };
}
