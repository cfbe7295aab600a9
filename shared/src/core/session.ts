import { create } from 'zustand';
import { STORAGE_KEYS } from '@canteiro/shared/domain';
import type { SessionUser } from '@canteiro/shared/domain';

/**
 * The session of spec §4: logged out (no token) or logged in (token present). Token and
 * user live in local storage under `token` and `user`, and are read back at start-up.
 */
export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /**
   * When this sign-in's user was read (Date.now(); the stored one: at start-up): the sidebar
   * reveals the user panel about 300 ms after it (spec §4), however late the sidebar mounts.
   */
  userReadAt: number | null;
  signIn: (token: string, user: SessionUser) => void;
  setUser: (user: SessionUser) => void;
  clear: () => void;
}

function readStoredUser(): SessionUser | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SessionUser;
    return parsed && typeof parsed.email === 'string' && parsed.permission_set ? parsed : null;
  } catch {
    return null;
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const useSession = create<SessionState>((set) => ({
  token: safeStorage()?.getItem(STORAGE_KEYS.token) ?? null,
  user: readStoredUser(),
  userReadAt: readStoredUser() ? Date.now() : null,
  signIn: (token, user) => {
    safeStorage()?.setItem(STORAGE_KEYS.token, token);
    safeStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ token, user, userReadAt: Date.now() });
  },
  setUser: (user) => {
    safeStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear: () => {
    safeStorage()?.removeItem(STORAGE_KEYS.token);
    safeStorage()?.removeItem(STORAGE_KEYS.user);
    set({ token: null, user: null, userReadAt: null });
  },
}));
