import type { DesignerInfo } from '@dc/contract';
import { create } from 'zustand';
import { storageKeys } from './storage-keys.ts';

export type UserInfo = Pick<DesignerInfo, 'nickname' | 'pic' | 'telephone'>;

export interface SessionState {
  token: string | null;
  /** 1: just registered, sees only the designer information page (spec section 2). */
  newlyRegister: 0 | 1;
  designerId: number | null;
  userInfo: UserInfo | null;
  /** Keeps the token in localStorage when `remember`, else in sessionStorage. */
  signIn(token: string, newlyRegister: 0 | 1, remember: boolean): void;
  setDesigner(info: DesignerInfo): void;
  setNewlyRegister(value: 0 | 1): void;
  /** Clears the token from both storages and forgets the user (spec section 4, logout). */
  clear(): void;
}

/** The token of spec section 7: session storage takes priority over local storage. */
export function readStoredToken(): string | null {
  return sessionStorage.getItem(storageKeys.token) ?? localStorage.getItem(storageKeys.token);
}

function readNewlyRegister(): 0 | 1 {
  const raw = sessionStorage.getItem(storageKeys.session) ?? localStorage.getItem(storageKeys.session);
  try {
    return (JSON.parse(raw ?? '{}') as { newlyRegister?: unknown }).newlyRegister === 1 ? 1 : 0;
  } catch {
    return 0;
  }
}

export const useSession = create<SessionState>()((set) => ({
  token: readStoredToken(),
  newlyRegister: readNewlyRegister(),
  designerId: null,
  userInfo: null,
  signIn(token, newlyRegister, remember) {
    const storage = remember ? localStorage : sessionStorage;
    const other = remember ? sessionStorage : localStorage;
    other.removeItem(storageKeys.token);
    other.removeItem(storageKeys.session);
    storage.setItem(storageKeys.token, token);
    storage.setItem(storageKeys.session, JSON.stringify({ newlyRegister }));
    set({ token, newlyRegister, designerId: null, userInfo: null });
  },
  setDesigner(info) {
    set({
      designerId: info.id,
      userInfo: { nickname: info.nickname, pic: info.pic, telephone: info.telephone },
    });
  },
  setNewlyRegister(newlyRegister) {
    const storage = sessionStorage.getItem(storageKeys.token) ? sessionStorage : localStorage;
    storage.setItem(storageKeys.session, JSON.stringify({ newlyRegister }));
    set({ newlyRegister });
  },
  clear() {
    for (const storage of [localStorage, sessionStorage]) {
      storage.removeItem(storageKeys.token);
      storage.removeItem(storageKeys.session);
    }
    set({ token: null, newlyRegister: 0, designerId: null, userInfo: null });
  },
}));
