import type { User } from '@knotwork/shared/schemas/user';

/**
 * What a sign-in answer may look like (SPEC.md 3: "message, accessToken (or access_token), user, data.user").
 * Login and Google answer `accessToken`, OTP verification answers `token`; we accept all of them so the
 * dialogs do not break if one endpoint spells it differently.
 */
export interface AuthResponse {
  message?: string;
  accessToken?: string;
  access_token?: string;
  token?: string;
  user?: User;
  data?: { user?: User; accessToken?: string; token?: string };
}

export interface AuthSession {
  token: string;
  user: User;
  message: string;
}

export function readAuthSession(response: AuthResponse): AuthSession | null {
  const token =
    response.accessToken ??
    response.access_token ??
    response.token ??
    response.data?.accessToken ??
    response.data?.token;
  const user = response.user ?? response.data?.user;
  if (!token || !user) return null;
  return { token, user, message: response.message ?? '' };
}

/** The login answer (202, or 403 without ?unverified=accepted) for an e-mail that still needs its one-time code. */
export function readOtpRequired(body: unknown): { email: string } | null {
  const data = (body as { data?: { email?: unknown; requiresOtp?: unknown } } | undefined)?.data;
  if (data?.requiresOtp === true && typeof data.email === 'string') return { email: data.email };
  return null;
}
