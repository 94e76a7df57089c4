import { createRemoteJWKSet, jwtVerify } from 'jose';

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

/**
 * Verifies a Google ID token locally: signature against Google's published keys (cached and refreshed by
 * jose), audience = our client id, issuer, expiry. Returns null for any token that does not pass.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async function verifyGoogleToken(token: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        audience: options.clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      });
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
      const email = str(payload.email);
      if (!payload.sub || !email) return null;
      return {
        sub: payload.sub,
        email: email.toLowerCase(),
        // Google sends a boolean; older tokens sent the string "true".
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: str(payload.given_name),
        familyName: str(payload.family_name),
        name: str(payload.name),
      };
    } catch {
      return null;
    }
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
