import type { User } from '@knotwork/shared/schemas/user';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';

/** The session lives in localStorage under two keys prefixed with the product's name (SPEC.md 3). */
export const sessionStorageKeys = { token: STORAGE_KEYS.token, user: STORAGE_KEYS.user } as const;

export function readToken(): string | null {
  // A server render (no localStorage) is a signed-out visit.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function readStoredUser(): User | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: User) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeStoredUser(user: User) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}
