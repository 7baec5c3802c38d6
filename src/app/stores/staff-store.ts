import { createStore } from 'zustand/vanilla';
import type { SignInError, StaffAuth, StaffMember } from '../../../domain/staff/staff';

interface StaffState {
  /** 'checking' until the device has been asked who is signed in. */
  status: 'checking' | 'signed-out' | 'signed-in';
  staff: StaffMember | null;
  /** Why the last sign-in failed, until the next attempt. */
  error: SignInError | null;
  busy: boolean;
  check: () => Promise<void>;
  signIn: (credentials: { email: string; password: string }) => Promise<boolean>;
  signOut: () => Promise<void>;
  /** The session ended elsewhere (expired, or signed out on another tab). */
  sessionEnded: () => void;
}

/**
 * Who is signed in as staff on this device. `drawn`: what the server that drew the page found, when it
 * did: who was signed in, or nobody (null), with why a sign-in it was sent was refused.
 */
export function createStaffStore(auth: StaffAuth, drawn?: { staff: StaffMember | null; error?: SignInError }) {
  return createStore<StaffState>()((set, get) => ({
    status: drawn === undefined ? 'checking' : drawn.staff ? 'signed-in' : 'signed-out',
    staff: drawn?.staff ?? null,
    error: drawn?.error ?? null,
    busy: false,
    check: async () => {
      try {
        const staff = await auth.currentStaff();
        set(staff ? { status: 'signed-in', staff } : { status: 'signed-out', staff: null });
      } catch {
        set({ status: 'signed-out', staff: null, error: { kind: 'unavailable' } });
      }
    },
    signIn: async (credentials) => {
      if (get().busy) return false;
      set({ busy: true, error: null });
      const result = await auth.signIn(credentials);
      if (result.ok) {
        set({ status: 'signed-in', staff: result.staff, busy: false });
        return true;
      }
      set({ error: result.error, busy: false });
      return false;
    },
    signOut: async () => {
      await auth.signOut();
      set({ status: 'signed-out', staff: null, error: null });
    },
    sessionEnded: () => set({ status: 'signed-out', staff: null }),
  }));
}

export type StaffStore = ReturnType<typeof createStaffStore>;
