import crypto from 'node:crypto';

/**
 * The browser's side of a push subscription, as PushManager.subscribe() makes it: a P-256 key pair and a
 * 16-byte auth secret, and the decryption of what arrives (RFC 8291 over RFC 8188 aes128gcm). Written from
 * the RFCs with node:crypto, not with the library that encrypts, so the two check each other.
 */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys(); // 65 bytes, uncompressed point
  const authSecret = crypto.randomBytes(16);

  return {
    /** What the web app posts to /notification/token (PushSubscription.toJSON()). */
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt(body: Buffer): string {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const senderPublicKey = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (records.length > recordSize) throw new Error('more than one record: a push payload fits in one');

      // RFC 8291 3.3-3.4: the input keying material from the ECDH secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(senderPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderPublicKey]);
      const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      // RFC 8188 2.2-2.3: content encryption key and nonce (one record: sequence number 0).
      const cek = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
      );

      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero or more 0x00 padding octets.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('bad padding delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks the VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT's claims. */
export function verifyVapid(authorization: string | undefined): {
  claims: Record<string, unknown>;
  publicKey: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return {
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
    publicKey: k,
  };
}
