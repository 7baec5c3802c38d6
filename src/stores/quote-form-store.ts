import { createStore } from 'zustand/vanilla';
import { copy } from '../../domain/copy';
import { emptyDraft, type QuoteDraft, type QuoteField } from '../../domain/quote';
import type { QuoteError } from '../../domain/quote-errors';
import { missingFieldMessages } from '../../domain/quote-schema';
import type { SubmitQuoteResult } from '../../domain/submit-quote';
import { type ToastStore, toastSlot } from './toast-store';

export type FieldErrors = Partial<Record<QuoteField, string>>;

type TextField = Exclude<QuoteField, 'urgent'>;

interface QuoteFormState {
  draft: QuoteDraft;
  errors: FieldErrors;
  submitting: boolean;
  setField: (field: TextField, value: string) => void;
  setUrgent: (urgent: boolean) => void;
  /** Sends the draft; resolves true when it was accepted. */
  submit: () => Promise<boolean>;
}

export interface QuoteFormDeps {
  submitQuote: (draft: QuoteDraft) => Promise<SubmitQuoteResult>;
  toasts: ToastStore;
}

function fieldErrorsOf(error: QuoteError): FieldErrors {
  switch (error.kind) {
    case 'missing-fields':
      return Object.fromEntries(error.fields.map((field) => [field, missingFieldMessages[field]]));
    case 'invalid-fields':
      return Object.fromEntries(error.issues.map(({ field, message }) => [field, message]));
    case 'storage-failure':
      return {};
  }
}

/** The quote form: what the visitor typed, what is wrong with it, and sending it. */
export function createQuoteFormStore({ submitQuote, toasts }: QuoteFormDeps) {
  const toast = toastSlot(toasts);
  return createStore<QuoteFormState>()((set, get) => ({
    draft: { ...emptyDraft },
    errors: {},
    submitting: false,
    setField: (field, value) =>
      set(({ draft, errors }) => ({ draft: { ...draft, [field]: value }, errors: { ...errors, [field]: undefined } })),
    setUrgent: (urgent) => set(({ draft }) => ({ draft: { ...draft, urgent } })),
    submit: async () => {
      if (get().submitting) return false;
      set({ submitting: true });
      toast.clear();
      let result: SubmitQuoteResult;
      try {
        result = await submitQuote(get().draft);
      } catch (unexpected) {
        // A fault in our own code: the visitor still hears that it failed, and can try again.
        set({ submitting: false });
        toast.show({ ...copy.toasts.submissionFailed, variant: 'destructive' });
        throw unexpected;
      }
      if (result.ok) {
        set({ draft: { ...emptyDraft }, errors: {}, submitting: false });
        toast.show(copy.toasts.submitted);
        return true;
      }
      // On any failure every typed value stays where it was.
      set({ errors: fieldErrorsOf(result.error), submitting: false });
      if (result.error.kind === 'missing-fields') {
        toast.show({ ...copy.toasts.missingInformation, variant: 'destructive' });
      } else if (result.error.kind === 'storage-failure') {
        toast.show({ ...copy.toasts.submissionFailed, variant: 'destructive' });
      }
      return false;
    },
  }));
}

export type QuoteFormStore = ReturnType<typeof createQuoteFormStore>;
