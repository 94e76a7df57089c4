/**
 * Access tokens whose signature this process has already checked, by their exact text (issue 30: the HS256 check
 * through WebCrypto was 13-18% of a bid's CPU in the profile of decision 100). Only the signature, issuer and
 * expiry are remembered: the session behind the token is still checked on every request (session cache, then the
 * database), so a revoked session or a changed role takes effect at once, exactly as before. The same string always
 * verifies the same way, so a hit can never accept a token the full check would refuse, except after its expiry,
 * which `get` checks itself.
 */
export interface VerifiedClaims {
  sid: unknown;
  sub: string | undefined;
  /** The token's `exp`, epoch ms. */
  expiresAtMs: number;
}

export function createVerifiedTokens(max = 10_000) {
  // A Map keeps insertion order: the first key is the oldest, evicted when the map is full.
  const entries = new Map<string, VerifiedClaims>();
  return {
    get(token: string, now = Date.now()): VerifiedClaims | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.expiresAtMs <= now) {
        entries.delete(token);
        return undefined;
      }
      return hit;
    },
    set(token: string, claims: VerifiedClaims): void {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(token, claims);
    },
    get size() {
      return entries.size;
    },
  };
}
