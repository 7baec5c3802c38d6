import { createStore } from 'zustand/vanilla';
import { copy } from '../../domain/copy';
import type { DeleteQuoteResult } from '../../domain/delete-quote';
import type { ListQuotesResult } from '../../domain/list-quotes';
import type { QuoteRequest } from '../../domain/quote';
import { type ToastStore, toastSlot } from './toast-store';

interface QuoteListState {
  /** 'idle' until the first load; 'loaded' even after a failed load, which keeps the last list. */
  status: 'idle' | 'loading' | 'loaded';
  quotes: readonly QuoteRequest[];
  load: () => Promise<void>;
  /** Forgets the list, as when the staff member signs out. */
  clear: () => void;
  /** Deletes one request for good (the caller has asked staff to confirm) and takes it off the list. */
  remove: (id: string) => Promise<void>;
}

export interface QuoteListDeps {
  listQuotes: () => Promise<ListQuotesResult>;
  deleteQuote: (id: string) => Promise<DeleteQuoteResult>;
  toasts: ToastStore;
  /** The store asked for a staff session it no longer has (expired, or ended elsewhere). */
  onNotSignedIn: () => void;
}

/** The staff list of quote requests, newest first. */
export function createQuoteListStore({ listQuotes, deleteQuote, toasts, onNotSignedIn }: QuoteListDeps) {
  const toast = toastSlot(toasts, 'quote-list');
  const deleteToast = toastSlot(toasts, 'quote-delete');
  let latest = 0;
  return createStore<QuoteListState>()((set, get) => ({
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
      } else if (result.error.kind === 'not-signed-in') {
        set({ status: 'idle', quotes: [] });
        onNotSignedIn();
      } else {
        set({ status: 'loaded' });
        toast.show({ ...copy.toasts.listFailed, variant: 'destructive' });
      }
    },
    clear: () => {
      latest += 1;
      set({ status: 'idle', quotes: [] });
    },
    remove: async (id) => {
      const name = get().quotes.find((quote) => quote.id === id)?.name ?? 'this customer';
      const result = await deleteQuote(id);
      const without = () => set(({ quotes }) => ({ quotes: quotes.filter((quote) => quote.id !== id) }));
      if (result.ok) {
        without();
        deleteToast.show(copy.quoteDelete.deleted(name));
      } else if (result.error.kind === 'not-found') {
        // Someone else (or the retention purge) got there first: what staff wanted is done.
        without();
        deleteToast.show(copy.quoteDelete.alreadyDeleted);
      } else if (result.error.kind === 'not-signed-in') {
        latest += 1;
        set({ status: 'idle', quotes: [] });
        onNotSignedIn();
      } else {
        deleteToast.show({ ...copy.quoteDelete.failed, variant: 'destructive' });
      }
    },
  }));
}

export type QuoteListStore = ReturnType<typeof createQuoteListStore>;
