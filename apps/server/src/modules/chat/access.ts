import crypto from 'node:crypto';

/**
 * A visitor's conversation token and the live channel key, both derived from the conversation id with HMAC
 * (decision 050): nothing secret is stored, the e-mail for a late reply can carry the token back, and the
 * channel key is handed out only to whoever proves the token (or owns the conversation). Distinct labels keep
 * the two apart: knowing the channel key reveals nothing about the token.
 */
export function createChatSecrets(secret: string) {
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (label: string, id: string) =>
    crypto.createHmac('sha256', key).update(`${label}:${id.toLowerCase()}`).digest();
  return {
    token: (conversationId: string) => mac('knotwork-chat-token', conversationId).toString('base64url'),
    channelKey: (conversationId: string) => mac('knotwork-chat-channel', conversationId).toString('hex'),
    /** Constant-time comparison of a presented token with the conversation's. */
    tokenMatches(conversationId: string, presented: string | undefined | null): boolean {
      if (!presented) return false;
      const expected = Buffer.from(mac('knotwork-chat-token', conversationId).toString('base64url'));
      const given = Buffer.from(presented);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type ChatSecrets = ReturnType<typeof createChatSecrets>;
