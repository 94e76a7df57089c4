import { sql } from 'drizzle-orm';
import type { StoredAnswer } from '@knotwork/shared/bidding/outcomes';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import type { IdempotencyRequest } from './idempotency.ts';

/** An answer stored under an Idempotency-Key, with the hash of the request that got it (idempotency.ts `replayOf`). */
export interface StoredKeyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** The answer stored under the user's key, if any: a retry replays it instead of acting twice. */
export async function findStoredKey(db: Db, userId: string, key: string): Promise<StoredKeyRow | undefined> {
  const [row] = await rows<StoredKeyRow>(
    db,
    sql`select request_hash, status_code, response from idempotency_keys where user_id = ${userId}::uuid and key = ${key}`,
  );
  return row;
}

/**
 * Store the answer under the key, inside the transaction that made the change (so the key exists exactly when the
 * change does; a racing twin fails on the primary key, see idempotency.ts `isKeyConflict`).
 */
export async function storeKey(
  tx: Db,
  userId: string,
  request: IdempotencyRequest,
  answer: StoredAnswer,
): Promise<void> {
  await tx.execute(
    sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (${userId}::uuid, ${request.key}, ${request.hash}, ${answer.statusCode}, ${JSON.stringify(answer.body)}::jsonb)`,
  );
}
