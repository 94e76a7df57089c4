import { create } from 'zustand';
import type { User } from '@knotwork/shared/schemas/user';
import {
  clearStoredSession,
  readStoredUser,
  readToken,
  writeSession,
  writeStoredUser,
} from './session-storage.ts';

/** The one auth store (SPEC.md 3): user, loading, isAuthenticated and the unread notification count. */
export interface AuthState {
  user: User | null;
  /** True until the start-up session check has finished. */
  loading: boolean;
  isAuthenticated: boolean;
  unReadNotificationCount: number;
  /** Stores token and user (login, OTP verification, Google). */
  signIn: (token: string, user: User) => void;
  setUser: (user: User) => void;
  setLoading: (loading: boolean) => void;
  setUnreadCount: (count: number) => void;
  /** Clears the stored session and the state. */
  signOut: () => void;
}

export const useAuthStore = create<AuthState>((set) => ({
  user: readStoredUser(),
  // Only a stored session has anything to check; a signed-out visit (and the server render) starts ready, so a
  // server-rendered page hydrates without the start-up loader over it.
  loading: readToken() !== null,
  isAuthenticated: false,
  unReadNotificationCount: 0,
  signIn(token, user) {
    writeSession(token, user);
    set({ user, isAuthenticated: true, loading: false });
  },
  setUser(user) {
    writeStoredUser(user);
    set({ user, isAuthenticated: true });
  },
  setLoading(loading) {
    set({ loading });
  },
  setUnreadCount(count) {
    set({ unReadNotificationCount: count });
  },
  signOut() {
    clearStoredSession();
    set({ user: null, isAuthenticated: false, unReadNotificationCount: 0, loading: false });
  },
}));
