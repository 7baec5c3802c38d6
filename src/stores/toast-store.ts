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
  show: (toast: ToastContent) => void;
  dismiss: (id: number) => void;
}

/** Few enough to read at a glance; the oldest goes first. */
const maxToasts = 3;

export function createToastStore() {
  let nextId = 1;
  return createStore<ToastState>()((set) => ({
    toasts: [],
    show: ({ variant = 'default', ...content }) =>
      set(({ toasts }) => ({ toasts: [...toasts, { ...content, variant, id: nextId++ }].slice(-maxToasts) })),
    dismiss: (id) => set(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) })),
  }));
}

export type ToastStore = ReturnType<typeof createToastStore>;
