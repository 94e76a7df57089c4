import crypto from 'node:crypto';
import type { ConsignorPayoutInput } from '@knotwork/shared/schemas/consignors-staff';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';

/** The account details a payout needs, as stored (encrypted) for one consignor. */
export type PayoutDetails = Exclude<ConsignorPayoutInput, { method: 'none' }>;

const VERSION = 'v1';

/**
 * A consignor's payout details, encrypted at rest (decision 086): AES-256-GCM under a key derived (HKDF-SHA256)
 * from PAYOUT_DETAILS_KEY, with a fresh 96-bit nonce per value and the consignor's id as additional data, so a
 * ciphertext copied onto another consignor's row does not decrypt. Stored as
 * `v1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url); the key id (8 hex characters of a hash of the key) says
 * which key wrote it, so a wrong key is named as such instead of failing as a forgery.
 *
 * Unset, the key is generated into app_settings (development and the demo, as JWT_SECRET); production refuses to
 * start without it (lib/secrets.ts), since a key beside the ciphertext protects nothing from a dump.
 */
export function createPayoutCipher(db: Db, configuredKey: string | undefined) {
  let key: Promise<{ key: Buffer; id: string }> | undefined;
  const derive = (secret: string) => {
    const bytes = Buffer.from(
      crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), 'knotwork', 'payout-details v1', 32),
    );
    const id = crypto.createHash('sha256').update(bytes).update('key id').digest('hex').slice(0, 8);
    return { key: bytes, id };
  };
  const current = () =>
    (key ??= (
      configuredKey
        ? Promise.resolve(configuredKey)
        : getOrCreateSetting(db, 'payout_details_key', () => crypto.randomBytes(32).toString('base64'))
    ).then(derive));
  const aad = (consignorId: string) => Buffer.from(`consignor:${consignorId.toLowerCase()}`, 'utf8');

  return {
    async encrypt(consignorId: string, details: PayoutDetails): Promise<string> {
      const { key: k, id } = await current();
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', k, nonce);
      cipher.setAAD(aad(consignorId));
      const body = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, id, nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },

    /** The details in clear, for the payout file only; throws when the value was written under another key. */
    async decrypt(consignorId: string, stored: string): Promise<PayoutDetails> {
      const { key: k, id } = await current();
      const [version, keyId, nonce, tag, body] = stored.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined)
        throw new Error('payout details: not a value this server wrote');
      if (keyId !== id)
        throw new Error(
          `payout details: written under key ${keyId}, the configured PAYOUT_DETAILS_KEY is ${id}`,
        );
      const decipher = crypto.createDecipheriv('aes-256-gcm', k, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(aad(consignorId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const clear = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(clear.toString('utf8')) as PayoutDetails;
    },
  };
}
export type PayoutCipher = ReturnType<typeof createPayoutCipher>;
