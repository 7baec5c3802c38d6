import { createStore } from 'zustand/vanilla';
import type { GasReport } from '../../../domain/safety/gas-report-kind';

export interface ToastContent {
  title: string;
  description: string;
  /** Destructive toasts report something that went wrong: they look it and are announced at once. */
  variant?: 'default' | 'destructive';
  /** The part of the page that raised it, which may replace it. */
  source?: string;
  /** A line under the description that is about this one case (when we will call). */
  note?: string;
  /** A page to go on to: a toast with one stays until it is dismissed, so there is time to follow it. */
  link?: { href: string; label: string };
  /** A gas smell or carbon monoxide reported: the advice leads the toast, and it stays until dismissed. */
  gas?: GasReport;
}

export interface Toast extends Required<Omit<ToastContent, 'link' | 'note' | 'gas'>> {
  id: number;
  note?: ToastContent['note'];
  link?: ToastContent['link'];
  gas?: ToastContent['gas'];
}

interface ToastState {
  toasts: readonly Toast[];
  show: (toast: ToastContent) => void;
  dismiss: (id: number) => void;
  dismissFrom: (source: string) => void;
}

/** Few enough to read at a glance; the oldest goes first. */
const maxToasts = 3;

/**
 * The toasts on screen. `initial` are there from the start (a server-rendered page's), so the page
 * renders them on the server and in the browser alike.
 */
export function createToastStore(initial: readonly ToastContent[] = []) {
  let nextId = 1;
  const toToast = ({ variant = 'default', source = 'app', ...content }: ToastContent): Toast => ({
    ...content,
    variant,
    source,
    id: nextId++,
  });
  return createStore<ToastState>()((set) => ({
    toasts: initial.map(toToast).slice(-maxToasts),
    show: (toast) => set(({ toasts }) => ({ toasts: [...toasts, toToast(toast)].slice(-maxToasts) })),
    dismiss: (id) => set(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) })),
    dismissFrom: (source) => set(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.source !== source) })),
  }));
}

export type ToastStore = ReturnType<typeof createToastStore>;

/**
 * The toasts of one part of the page: each new one replaces the one before, so an old
 * "Missing Information" never stays beside the success that followed it.
 */
export function toastSlot(toasts: ToastStore, source: string) {
  const clear = () => toasts.getState().dismissFrom(source);
  return {
    clear,
    show: (toast: ToastContent) => {
      clear();
      toasts.getState().show({ ...toast, source });
    },
  };
}
