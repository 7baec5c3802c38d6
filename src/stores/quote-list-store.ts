import { createStore } from 'zustand/vanilla';
import { copy } from '../../domain/copy';
import type { ListQuotesResult } from '../../domain/list-quotes';
import type { QuoteRequest } from '../../domain/quote';
import { type ToastStore, toastSlot } from './toast-store';

interface QuoteListState {
  /** 'idle' until the first load; 'loaded' even after a failed load, which keeps the last list. */
  status: 'idle' | 'loading' | 'loaded';
  quotes: readonly QuoteRequest[];
  load: () => Promise<void>;
}

export interface QuoteListDeps {
  listQuotes: () => Promise<ListQuotesResult>;
  toasts: ToastStore;
}

/** The staff list of quote requests, newest first. */
export function createQuoteListStore({ listQuotes, toasts }: QuoteListDeps) {
  const toast = toastSlot(toasts, 'quote-list');
  let latest = 0;
  return createStore<QuoteListState>()((set) => ({
    status: 'idle',
    quotes: [],
    load: async () => {
      const request = ++latest;
      set({ status: 'loading' });
      const result = await listQuotes();
      // A slower, older load must not overwrite a newer one.
      if (request !== latest) return;
      if (result.ok) {
        set({ status: 'loaded', quotes: result.quotes });
      } else {
        set({ status: 'loaded' });
        toast.show({ ...copy.toasts.listFailed, variant: 'destructive' });
      }
    },
  }));
}

export type QuoteListStore = ReturnType<typeof createQuoteListStore>;
