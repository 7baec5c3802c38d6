import { createStore } from 'zustand/vanilla';

interface ToastContent {
  title: string;
  description: string;
  /** Destructive toasts report something that went wrong: they look it and are announced at once. */
  variant?: 'default' | 'destructive';
}

export interface Toast extends Required<ToastContent> {
  id: number;
}

interface ToastState {
  toasts: readonly Toast[];
  /** Shows a toast and returns its id. */
  show: (toast: ToastContent) => number;
  dismiss: (id: number) => void;
}

/** Few enough to read at a glance; the oldest goes first. */
const maxToasts = 3;

export function createToastStore() {
  let nextId = 1;
  return createStore<ToastState>()((set) => ({
    toasts: [],
    show: ({ variant = 'default', ...content }) => {
      const id = nextId++;
      set(({ toasts }) => ({ toasts: [...toasts, { ...content, variant, id }].slice(-maxToasts) }));
      return id;
    },
    dismiss: (id) => set(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) })),
  }));
}

export type ToastStore = ReturnType<typeof createToastStore>;

/**
 * A toast slot for one part of the page: each new toast replaces the one before, so an old
 * "Missing Information" never stays beside the success that followed it.
 */
export function toastSlot(toasts: ToastStore) {
  let current: number | undefined;
  const clear = () => {
    if (current !== undefined) toasts.getState().dismiss(current);
    current = undefined;
  };
  return {
    clear,
    show: (toast: ToastContent) => {
      clear();
      current = toasts.getState().show(toast);
    },
  };
}
