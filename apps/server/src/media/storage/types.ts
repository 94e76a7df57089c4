import type { Readable } from 'node:stream';

/** Every object is named from its content or a random version, so it can be cached for good (decision 040). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** One object read back, whole or a byte range of it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Size of the whole object. */
  size: number;
  /** The bytes sent, inclusive, when a range was asked for and can be served. */
  range?: { start: number; end: number };
}

/**
 * Where the product's files live: a local folder (the default) or an S3-compatible bucket. Keys are made by the
 * server (kind/prefix/name.ext), never by a client. Every method of the bucket answers a `StorageUnavailable`
 * (HTTP 503) when the store cannot be reached, so callers write to it before the database and never leave a row
 * pointing at nothing.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Where, for logs and errors: the folder or `s3://bucket`. */
  readonly where: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size in bytes, or undefined when absent (media:migrate compares it). */
  size(key: string): Promise<number | undefined>;
  /** Removing an absent object is not an error. */
  remove(key: string): Promise<void>;
  /** Undefined when absent. `range` is inclusive and must start inside the object; an end past it is clipped. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | undefined>;
  /** Throws when the store cannot be reached (readiness, start-up warning). */
  check(): Promise<void>;
  close(): void;
}
